// The AHI-era views end to end: the playground (which shows every view) runs the
// ahi-latch-8.0.25 lesson scenario, cut down to 100,000 rows and 4 s with the AHI turned
// on at 1 s, and steps to t = 2 s. Then: the leaf strip has its AHI row, the threads bar
// and 256 swimlanes, the 8 AHI partitions, sysbench lines in the exact format, and the
// STATUS text (as text). Nothing overflows its panel at 1280 px; screenshots of each view
// in the light and projector themes go to test-results/ (ahi-views-*.png); axe finds no
// violation in the panel.
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect, openPage, RESULTS_DIR, screenshot, test } from './harness';
import { simTime, stepForward, waitForPanel } from './panel';

const SCENARIO = path.join(path.dirname(new URL(import.meta.url).pathname), '../../lessons/scenarios/ahi-latch-8.0.25.json');

/** The lesson scenario, smaller: 100k rows, 4 s, the AHI switched on at 1 s instead of 3 s. */
function reducedScenario(): string {
  const s = JSON.parse(fs.readFileSync(SCENARIO, 'utf8'));
  s.table.prepare_rows = 100_000;
  s.workload.table_size = 100_000;
  s.run.duration_s = 4;
  s.run.changes = [{ at_s: 1, knob: 'server.innodb_adaptive_hash_index', value: 1 }];
  return JSON.stringify(s, null, 2);
}

const SYSBENCH_LINE = /^\[ \d+(\.\d+)?s \] thds: 256 tps: \d+\.\d\d qps: \d+\.\d\d \(r\/w\/o: \d+\.\d\d\/0\.00\/0\.00\) lat \(ms,95%\): \d+\.\d\d err\/s: 0\.00 reconn\/s: 0\.00$/;

/** Sections whose content is wider than their box (something overflows or overlaps). */
async function overflowing(page: Page): Promise<string[]> {
  return page.locator('.experiment-panel section.view-row').evaluateAll((sections) =>
    sections.flatMap((s) => {
      const box = s.getBoundingClientRect();
      const bad = [...s.querySelectorAll('figure, figure > *, canvas, svg, li')].filter((el) => {
        if (el.closest('pre')) return false; // terminal text scrolls inside its own box
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1);
      });
      return bad.map((el) => `${s.getAttribute('aria-label')}: <${el.tagName.toLowerCase()}> ${Math.round(el.getBoundingClientRect().right - box.right)} px too wide`);
    }),
  );
}

/** Partition boxes that overlap each other. */
async function overlappingBoxes(page: Page): Promise<number> {
  return page.locator('ul[aria-label="AHI partitions"]').first().evaluate((ul) => {
    const r = [...ul.children].map((li) => li.getBoundingClientRect());
    let n = 0;
    for (let i = 0; i < r.length; i++)
      for (let j = i + 1; j < r.length; j++) if (r[i].left < r[j].right - 1 && r[j].left < r[i].right - 1 && r[i].top < r[j].bottom - 1 && r[j].top < r[i].bottom - 1) n++;
    return n;
  });
}

/** One PNG per view; the viewport is made tall so the sticky player bar covers none of them. */
async function shootViews(page: Page, theme: string) {
  await page.setViewportSize({ width: 1280, height: 3200 });
  for (const name of ['B+tree (clustered index)', 'Client threads', 'Adaptive hash index', 'sysbench report', 'SHOW ENGINE INNODB STATUS']) {
    const file = path.join(RESULTS_DIR, `ahi-views-${theme}-${name.replace(/[^\w]+/g, '-').replace(/-+$/, '').toLowerCase()}.png`);
    await page.locator(`section.view-row[aria-label="${name}"]`).screenshot({ path: file });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('playground: the AHI latch scenario shows hashed leaves, thread lanes, AHI partitions, sysbench and STATUS', async () => {
  const { page, errors } = await openPage('/#/playground');
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const start = page.getByRole('combobox', { name: 'Start from' });
  await start.selectOption({ label: 'ahi-latch-8.0.25.json' });
  // The presets (loaded now) have long labels: the select keeps to the editor's column.
  const [selectBox, editorBox] = await Promise.all([start.boundingBox(), page.locator('.playground-editor').boundingBox()]);
  expect(selectBox!.x + selectBox!.width).toBeLessThanOrEqual(editorBox!.x + editorBox!.width + 0.5);
  const editor = page.getByRole('textbox', { name: 'Scenario JSON' });
  await expect.poll(async () => editor.inputValue(), { timeout: 20_000 }).toContain('8.0.25');
  await editor.fill(reducedScenario());
  await page.getByRole('button', { name: 'Run this scenario' }).click();
  await waitForPanel(page, 'adaptive_hash_searches');

  // 0.5 s per step at speed 2: the AHI turns on at 1 s, builds, then serves lookups.
  await page.locator('.player-bar select').selectOption('2');
  await stepForward(page, 1);
  // Until then it is off, and the view says so (it showed "hit ratio 0.0% · no lookups yet").
  const ahiView = page.locator('section.view-row[aria-label="Adaptive hash index"]');
  await expect.poll(async () => (await ahiView.textContent()) ?? '').toContain('innodb_adaptive_hash_index is OFF: every lookup descends the B+tree');
  expect(await ahiView.textContent()).not.toContain('hit ratio');
  expect(await ahiView.textContent()).not.toContain('before it was switched off'); // it never was on
  await stepForward(page, 3);
  // The steps queue up (256 threads: a slow machine shows a step's frames on the way and
  // takes several seconds for the four).
  await expect.poll(async () => page.locator('.sim-time output').textContent(), { timeout: 60_000 }).toBe('2.000 s');

  // B+tree: the AHI row of the leaf strip, with its count and legend entry.
  const tree = page.locator('section.view-row[aria-label="B+tree (clustered index)"]');
  await expect.poll(async () => (await tree.textContent()) ?? '', { timeout: 10_000 }).toMatch(/[1-9][\d,]* pages hashed/);
  expect(await tree.textContent()).toContain('4th row: hashed by the AHI');

  // Threads: the bar with the latch states, and one lane per thread (256).
  const threads = page.locator('section.view-row[aria-label="Client threads"]');
  for (const s of ['running', 'waiting for a CPU', 'spinning on a latch', 'asleep on a latch', 'waiting for IO']) expect(await threads.textContent()).toContain(s);
  const lanes = threads.locator('canvas[role=img]');
  expect(await lanes.getAttribute('aria-label')).toMatch(/^256 client threads: \d+ running, .* at t = 2\.000 s\. Lanes show each thread's state as the last \d+ frames saw it, from t = [\d.]+ s, simulated time across\./);
  expect((await lanes.boundingBox())?.height).toBeGreaterThanOrEqual(256);

  // AHI: 8 partitions, a hit ratio, rows added.
  const ahi = page.locator('section.view-row[aria-label="Adaptive hash index"]');
  expect(await ahi.locator('ul[aria-label="AHI partitions"] > li').count()).toBe(8);
  const ahiText = (await ahi.textContent()) ?? '';
  expect(ahiText).toMatch(/hit ratio since the start [1-9][\d.]*%/);
  expect(ahiText).toMatch(/rows added [1-9][\d,]*/);
  expect(ahiText).toMatch(/spin waits[1-9][\d,]*OS waits[1-9][\d,]*/); // partition 7 (dt/dd: no space between)
  expect(await overlappingBoxes(page)).toBe(0);

  // sysbench: up to 12 lines, each exactly in sysbench's format.
  const report = page.locator('section.view-row[aria-label="sysbench report"] pre');
  const lines = await report.locator(':scope > span').allTextContents();
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.length).toBeLessThanOrEqual(12);
  for (const l of lines) expect(l).toMatch(SYSBENCH_LINE);
  expect(lines.at(-1)).toMatch(/^\[ 2s \]/);

  // STATUS: the InnoDB sections, as plain text (one span per line, text alone in each).
  const status = page.locator('section.view-row[aria-label="SHOW ENGINE INNODB STATUS"]');
  await expect.poll(async () => (await status.locator('pre').count()) > 0, { timeout: 10_000 }).toBe(true);
  // Paused after steps closer together than the 1 s throttle: the view catches up by itself.
  await expect.poll(async () => status.textContent(), { timeout: 10_000 }).toContain('as of t = 2.000 s');
  const pre = status.locator('pre');
  const statusText = (await pre.textContent()) ?? '';
  for (const s of ['INNODB MONITOR OUTPUT', 'SEMAPHORES', 'INSERT BUFFER AND ADAPTIVE HASH INDEX', 'BUFFER POOL AND MEMORY', 'ROW OPERATIONS'])
    expect(statusText).toContain(s);
  const shape = await pre.evaluate((el) => ({
    lines: el.children.length,
    newlines: (el.textContent ?? '').split('\n').length - 1,
    plain: [...el.children].every((c) => c.tagName === 'SPAN' && c.children.length === 0),
  }));
  expect(shape.plain).toBe(true);
  expect(shape.lines).toBeGreaterThan(20);
  expect(shape.newlines).toBe(shape.lines);
  // The description names every section, LOG (between rules of three dashes) too.
  expect(await status.textContent()).toContain(
    'Mirrors the sections of MySQL’s SHOW ENGINE INNODB STATUS (SEMAPHORES, INSERT BUFFER AND ADAPTIVE HASH INDEX, LOG, BUFFER POOL AND MEMORY, ROW OPERATIONS)',
  );

  // Layout at 1280 px, light and projector themes. A theme change resizes the panel;
  // canvases re-measure on the next ResizeObserver callback, so wait for it to settle.
  await expect.poll(() => overflowing(page), { timeout: 3000 }).toEqual([]);
  await shootViews(page, 'light');
  await screenshot('ahi-views-playground-light'); // the whole page, 1280 px wide
  await page.getByRole('combobox', { name: 'Colour theme' }).selectOption({ label: 'Projector' });
  await expect.poll(() => overflowing(page), { timeout: 3000 }).toEqual([]);
  await shootViews(page, 'projector');
  const axe = await new AxeBuilder({ page }).setLegacyMode(true).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).include('.experiment-panel').analyze();
  // Stricter than a11y.e2e (serious/critical): no violation at all inside the panel.
  expect(axe.violations.map((v) => `[${v.impact}] ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  expect(errors).toEqual([]);
});

test('512 AHI partitions with one busy one: that one is drawn in full, its chains as nodes a cell', async () => {
  // It was a 4-rem cell "p135 –", its 240,000 spin waits only in a tooltip.
  const { page, errors } = await openPage('/#/lesson/ahi-latch-contention?step=10', { viewport: { width: 1440, height: 900 } });
  await page.waitForFunction(() => document.querySelector('.player-bar button.play') && !document.querySelector('.player-bar button.play')?.hasAttribute('data-loading'), null, { timeout: 60_000 });
  await page.locator('.player-bar select').first().selectOption('max');
  await page.getByRole('button', { name: 'Play', exact: true }).first().click();
  await page.locator('.badge', { hasText: 'run complete' }).waitFor({ timeout: 120_000 });
  const ahi = page.locator('section.view-row[aria-label="Adaptive hash index"]');
  const boxes = ahi.locator('ul[aria-label="AHI partitions"] > li');
  await expect.poll(() => boxes.count()).toBe(1);
  const box = (await boxes.first().textContent()) ?? '';
  expect(box).toMatch(/^partition \d+/);
  expect(box).toMatch(/load[\d,]+ a cell/);
  expect(box).toMatch(/spin waits[1-9][\d,]*OS waits[1-9][\d,]*/);
  expect(await ahi.textContent()).toContain('511 idle partitions not drawn');
  await screenshot('ahi-512-partitions', page);
  expect(errors).toEqual([]);
});

test('a chart reads its lines under the pointer: the time, each value in the unit (a hit ratio as a percentage), gone when the pointer leaves', async () => {
  const { page, errors } = await openPage('/#/lesson/adaptive-hash-index?step=4&t=5');
  await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe('5.000 s');
  const chart = page.locator('figure', { hasText: 'AHI hit ratio' }).first();
  await chart.scrollIntoViewIfNeeded();
  // the axis reads percentages, up to the 100% the article reports
  expect(await chart.locator('svg[data-chart=time-series] text').allTextContents()).toContain('100%');
  const box = await chart.locator('svg[data-chart=time-series]').boundingBox();
  if (!box) throw new Error('no chart');
  const readout = chart.locator('[data-readout]');
  expect(await readout.count()).toBe(0);
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
  await expect.poll(() => readout.textContent()).toMatch(/^t = 4(\.\d+)? s● 1 row, MySQL 5\.7: 100\.0%$/);
  expect(await chart.locator('[data-readout-rule] circle').count()).toBe(1);
  // further left, an earlier sample
  await page.mouse.move(box.x + box.width * 0.45, box.y + box.height / 2);
  await expect.poll(() => readout.textContent()).toMatch(/^t = 2(\.\d+)? s● 1 row, MySQL 5\.7: \d+\.\d%$/);
  await page.mouse.move(box.x + box.width / 2, box.y - 40);
  await expect.poll(() => readout.count()).toBe(0);
  expect(errors).toEqual([]);
});

test('phone: the player bar is two rows whatever the clock reads (it was three, ~160 px of 844)', async () => {
  const heights: number[] = [];
  for (const t of ['', '&t=2']) {
    const { page, errors } = await openPage(`/#/lesson/primary-keys?step=4${t}`, { viewport: { width: 390, height: 844 }, touch: true });
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(t ? '2.000 s' : '0 µs');
    const bar = page.locator('.player-bar').first();
    heights.push(Math.round((await bar.boundingBox())?.height ?? 0));
    // no keyboard on a touch phone: the shortcuts button gives its room to the scrubber
    expect(await bar.getByRole('button', { name: 'Keyboard shortcuts' }).isVisible()).toBe(false);
    expect(await bar.locator('.scrubber').evaluate((e) => e.getBoundingClientRect().width)).toBeGreaterThan(80);
    if (t) await screenshot('player-bar-phone', page, { fullPage: false });
    expect(errors).toEqual([]);
  }
  expect(heights[0]).toBeLessThan(125);
  expect(heights[1]).toBe(heights[0]);
});

test('phone: a tap on a chart keeps its readout, and the readout stays on the screen wherever the finger is', async () => {
  const { page, errors } = await openPage('/#/lesson/primary-keys?step=4&t=2', { viewport: { width: 390, height: 844 }, touch: true });
  await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe('2.000 s');
  const chart = page.locator('figure', { hasText: 'Inserts per second' }).first();
  await chart.evaluate((e) => e.scrollIntoView({ block: 'center' }));
  const svg = chart.locator('svg[data-chart=time-series]');
  const readout = chart.locator('[data-readout]');
  for (const at of [0.25, 0.4, 0.55, 0.7, 0.9]) {
    const box = await svg.boundingBox();
    if (!box) throw new Error('no chart');
    await page.touchscreen.tap(box.x + box.width * at, box.y + box.height * 0.4);
    // A tap, not a drag: the readout stays after the finger lifts (it vanished at once).
    await page.waitForTimeout(150);
    await expect.poll(() => readout.count()).toBe(1);
    expect(await readout.textContent()).toMatch(/^t = [\d.]+ s● A: Sequential INT id: [\d,]+ rows\/s● B: Random VARCHAR\(26\) id: [\d,]+ rows\/s$/);
    const r = await readout.boundingBox();
    if (!r) throw new Error('no readout box');
    // Whole on the 390 px screen (its right edge was at 522 px, its left at -61).
    expect(r.x, `tap at ${at}`).toBeGreaterThanOrEqual(0);
    expect(r.x + r.width, `tap at ${at}`).toBeLessThanOrEqual(390);
  }
  await screenshot('chart-readout-phone', page, { fullPage: false });
  expect(errors).toEqual([]);
});
