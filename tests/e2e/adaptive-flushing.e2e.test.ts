// The adaptive-flushing lesson end to end in Chromium: open the 5.5 vs 5.6-labs step and
// play; both redo panels advance (their log sequence numbers grow), the redo ring and the
// flush list are drawn, the charts get data; no console errors. Screenshots: opened, played.
import type { Page } from 'playwright-core';
import { cpuThrottle, expect, openPage, screenshot, test } from './harness';
import { pause, play } from './panel';

/** "Log sequence number" of each redo panel (A, B). */
async function lsns(page: Page): Promise<number[]> {
  const dds = page.locator('section.view-row[aria-label="Redo log"] dl');
  const n = await dds.count();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const text = (await dds.nth(i).locator('dd').first().textContent()) ?? '';
    out.push(Number(text.replace(/[^0-9]/g, '')));
  }
  return out;
}

test('adaptive-flushing lesson: 5.5 and 5.6-labs panels advance; ring, flush list and charts drawn', async () => {
  const { page, errors } = await openPage('/#/lesson/adaptive-flushing?step=6');
  await expect.poll(async () => (await page.locator('.experiment-panel').first().textContent()) ?? '', { timeout: 60_000 }).toContain('5.5 vs 5.6-labs');
  // Two redo panels once the 1M-row tables are built.
  await expect.poll(async () => (await lsns(page)).length, { timeout: 120_000 }).toBe(2);
  await page.getByRole('button', { name: 'Play', exact: true }).first().waitFor({ timeout: 60_000 });
  await screenshot('adaptive-flushing-opened');
  const before = await lsns(page);
  await play(page);
  await expect.poll(async () => { const v = await lsns(page); return v[0] > before[0] && v[1] > before[1]; }, { timeout: 60_000 }).toBe(true);
  // Samples come every simulated second: keep playing until the charts have some.
  const chart = page.locator('section.chart-row[aria-label="Transactions per second"]');
  await expect.poll(async () => (await chart.textContent()) ?? '', { timeout: 60_000 }).not.toContain('No data yet');
  await pause(page);
  const redo = page.locator('section.view-row[aria-label="Redo log"]');
  expect(await redo.locator('svg[aria-label^="Modified age"]').count()).toBe(2);
  expect(await redo.locator('svg[aria-label^="Flush list"]').count()).toBe(2);
  expect(await redo.textContent()).toContain('flushing: 5.6-labs');
  await screenshot('adaptive-flushing-played');
  expect(errors).toEqual([]);
});

test('the flush list\'s async and sync labels sit above its bars, not over the oldest (tallest) ones', async () => {
  // At t = 30 s of the spikes run the oldest bins are the tallest, right under the marks.
  const { page, errors } = await openPage('/#/lesson/adaptive-flushing?step=8&t=30');
  const list = page.locator('svg[aria-label^="Flush list"]').first();
  await expect.poll(() => page.locator('.sim-time output').first().textContent(), { timeout: 120_000 }).toBe('30.000 s');
  await list.locator('text', { hasText: /^sync$/ }).waitFor();
  const boxes = await list.evaluate((svg) => {
    const labels = [...svg.querySelectorAll('text')].filter((t) => t.textContent === 'async' || t.textContent === 'sync').map((t) => t.getBoundingClientRect());
    const bars = [...svg.querySelectorAll('rect')].map((r) => r.getBoundingClientRect()).filter((r) => r.height > 0);
    return { labelsBottom: Math.max(...labels.map((r) => r.bottom)), barsTop: Math.min(...bars.map((r) => r.top)), labels: labels.length, tallest: Math.max(...bars.map((r) => r.height)) };
  });
  expect(boxes.labels).toBe(2);
  expect(boxes.tallest).toBeGreaterThan(60); // the fullest bin spans the bar area
  expect(boxes.labelsBottom).toBeLessThanOrEqual(boxes.barsTop);
  expect(errors).toEqual([]);
});

test('the DBA\'s knobs step runs adaptive flushing ON and OFF side by side, the knobs on both', async () => {
  // It was one side with an innodb_adaptive_flushing checkbox: the text compared "both
  // runs", but the chart kept only the latest, and the label still said io_capacity 2000
  // after the knob moved it.
  const { page, errors } = await openPage('/#/lesson/adaptive-flushing?step=7&k.server.innodb_io_capacity=3000');
  await page.getByRole('button', { name: 'Play', exact: true }).first().waitFor({ timeout: 120_000 });
  const chips = await page.locator('.ab-chip').allTextContents();
  expect(chips.map((c) => c.split(' · ')[0])).toEqual(['A: 5.6-labs, adaptive flushing ON', 'B: 5.6-labs, adaptive flushing OFF']);
  expect(await page.getByRole('checkbox', { name: 'innodb_adaptive_flushing' }).count()).toBe(0);
  expect(await page.getByRole('spinbutton', { name: 'innodb_io_capacity value' }).inputValue()).toBe('3000');
  expect(errors).toEqual([]);
});

test('innodb_io_capacity typed above innodb_io_capacity_max moves the other too, and the panel says so', async () => {
  const { page, errors } = await openPage('/#/lesson/adaptive-flushing?step=7');
  const io = page.getByRole('spinbutton', { name: 'innodb_io_capacity value' });
  const ioMax = page.getByRole('spinbutton', { name: /^innodb_io_capacity_max.* value$/ });
  await io.waitFor({ timeout: 60_000 });
  expect(await ioMax.inputValue()).toBe('4000');
  await io.fill('5000');
  await io.press('Enter');
  await expect.poll(() => ioMax.inputValue(), { timeout: 10_000 }).toBe('5000');
  const note = page.locator('.knobs .knob-move-note');
  const fieldTop = (await io.boundingBox())?.y;
  await expect.poll(async () => (await note.textContent()) ?? '').toContain('innodb_io_capacity 5,000 moves innodb_io_capacity_max up to 5,000 too: MySQL keeps innodb_io_capacity at most innodb_io_capacity_max');
  // under the knobs: the field typed into has not moved
  expect((await io.boundingBox())?.y).toBe(fieldTop);
  // a move that keeps the pair in order puts the note away
  await io.fill('3000');
  await io.press('Enter');
  await expect.poll(() => note.count(), { timeout: 10_000 }).toBe(0);
  expect(await ioMax.inputValue()).toBe('5000');
  expect(errors).toEqual([]);
});

// The toggle knob, on the adaptive hash index lesson's (its one on/off knob).
test('a toggle knob: read from the link, unticked, ticked; the address follows', async () => {
  // On a slow CPU the knobs show while the simulation starts; they must not move
  // when it is ready (a reader may be reaching for one; a click then missed it), nor
  // when the scenario file arrives late (the panel's header grew a line then: CI).
  const { page, errors } = await openPage('/#/lesson/adaptive-hash-index?step=7&x=ahi-fits&k.server.innodb_adaptive_hash_index=0', {
    cpuThrottle: 6,
    delay: { match: /\/assets\/ahi-fits-in-pool-[^/]*\.js$/, ms: 1500 },
  });
  const box = page.getByRole('checkbox', { name: 'innodb_adaptive_hash_index' });
  await box.waitFor({ timeout: 60_000 });
  const topAtFirst = (await box.boundingBox())?.y;
  const panel = page.locator('.experiment-panel').first();
  await expect.poll(async () => (await panel.locator('.panel-views').boundingBox())?.height ?? 0, { timeout: 60_000 }).toBeGreaterThan(0);
  expect((await box.boundingBox())?.y).toBe(topAtFirst);
  await cpuThrottle(page, 1);
  expect(await box.isChecked()).toBe(false);
  await box.check();
  await expect.poll(() => page.evaluate(() => location.hash), { timeout: 10_000 }).toContain('k.server.innodb_adaptive_hash_index=1');
  expect(await box.isChecked()).toBe(true);
  // A value a toggle cannot take is refused by name; the page keeps working.
  const bad = await openPage('/#/lesson/adaptive-hash-index?step=7&x=ahi-fits&k.server.innodb_adaptive_hash_index=2');
  await expect.poll(async () => (await bad.page.locator('.url-messages').textContent()) ?? '', { timeout: 30_000 }).toContain('is an on/off knob: it must be 0 (off) or 1 (on), got 2');
  expect(await bad.page.getByRole('checkbox', { name: 'innodb_adaptive_hash_index' }).isChecked()).toBe(true);
  expect(errors).toEqual([]);
  expect(bad.errors).toEqual([]);
});

test('the redo view keeps its height as the ages change (the age lines wrapped on and off)', async () => {
  // At 1290 px, step 11's modified age line wrapped at t = 2 s (171 KiB) and not at
  // t = 60 s (9 MiB), and the view jumped by a line as the age went up and down.
  const heights: number[][] = [];
  for (const t of [60, 2]) {
    const { page, errors } = await openPage(`/#/lesson/adaptive-flushing?step=11&t=${t}`, { viewport: { width: 1290, height: 800 } });
    await expect.poll(() => page.locator('.sim-time').first().textContent(), { timeout: 120_000 }).toContain(`= ${t}.000 s`);
    // The ages' list, and the whole view: its state line above the list wrapped at 60 s
    // ("adaptive flushing: the page cleaner writes more …") and not at 2 s (QA 35).
    const parts = page.locator('section.view-row[aria-label="Redo log"] :is(dl, figure)');
    heights.push(await parts.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height))));
    expect(errors).toEqual([]);
    await page.context().close();
  }
  expect(heights[0].length).toBe(2);
  expect(heights[1]).toEqual(heights[0]);
});
