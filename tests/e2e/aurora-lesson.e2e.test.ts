// The aurora-reader lesson end to end in Chromium: open the writer-vs-reader step, play;
// Questions rise on both A/B panels, the writer's hash searches rise and the reader's
// stay at 0, the reader's STATUS text shows ON in the parameter group and OFF in effect,
// and both STATUS texts start at the same height; no console errors. Then the IN-list step (k IN (10 existing values)): ~20 rows read
// per select, the writer hashes, the reader doesn't; at 30x the player bar says the
// speed the run really reaches. Screenshots: the lesson page as
// opened, after playing, and the IN-list step after playing.
import { expect, openPage, screenshot, test } from './harness';
import { counter, pause, play, settledTime, simTime, waitForPanel } from './panel';

test('aurora-reader lesson: writer and reader advance; the reader never uses the AHI', async () => {
  const { page, errors } = await openPage('/#/lesson/aurora-reader?step=5');
  await expect.poll(async () => (await page.locator('.experiment-panel').first().textContent()) ?? '', { timeout: 20_000 }).toContain('Aurora writer vs reader');
  await waitForPanel(page, 'Questions');
  await screenshot('aurora-lesson-opened');
  const before = await counter(page, 'Questions');
  const t0 = await simTime(page);
  await play(page);
  // Both panels advance: poll (a loaded machine may draw fewer frames) until each
  // counter has moved past its earlier value, twice.
  const grows = async (than: number[]) =>
    expect.poll(async () => { const v = await counter(page, 'Questions'); return v[0] > (than[0] ?? 0) && v[1] > (than[1] ?? 0); }, { timeout: 20_000 }).toBe(true);
  await grows(before);
  const mid = await counter(page, 'Questions');
  await grows(mid);
  // The writer's first pages are hashed after ~0.1 s of simulated time (a leaf needs
  // a few searches of its own first): keep playing until its hash searches start.
  await expect.poll(async () => (await counter(page, 'adaptive_hash_searches'))[0] ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
  await pause(page);
  expect(await simTime(page)).not.toBe(t0);
  const hash = await counter(page, 'adaptive_hash_searches');
  expect(hash[0]).toBeGreaterThan(0);
  expect(hash[1]).toBe(0);
  const status = page.locator('section.view-row[aria-label="SHOW ENGINE INNODB STATUS"]');
  await expect.poll(async () => (await status.textContent()) ?? '', { timeout: 10_000 }).toContain('in effect (SHOW GLOBAL VARIABLES): OFF');
  expect(await status.textContent()).toContain('Aurora reader: innodb_adaptive_hash_index\n  in the parameter group: ON\n  in effect (SHOW GLOBAL VARIABLES): OFF');
  // the two monitor texts start at the same height, though B's label is longer
  const preTops = await status.locator('pre').evaluateAll((ps) => ps.map((p) => Math.round(p.getBoundingClientRect().top)));
  expect(preTops).toHaveLength(2);
  expect(preTops[0]).toBe(preTops[1]);
  // The lines the lesson points at fit the box side by side (one long line showed
  // "Aurora reader: parameter group innodb_adaptiv…" and had to be scrolled).
  const fits = await status.locator('pre').evaluateAll((ps) =>
    ps.map((p) => {
      const cs = getComputedStyle(p);
      const c = document.createElement('canvas').getContext('2d')!;
      c.font = `${cs.fontSize} ${cs.fontFamily}`;
      const room = p.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      const lines = (p.textContent ?? '').split('\n').filter((l) => l.startsWith('Aurora') || l.startsWith('  in '));
      return lines.map((l) => c.measureText(l).width <= room);
    }),
  );
  expect(fits).toEqual([[true, true, true], [true, true, true]]);
  // Side by side, a line too long for its half wraps (the box cut "481407.41 non-hash
  // sear…" off, to be scrolled sideways), each line under its own start.
  const pre = status.locator('pre').first();
  const [wide, tall] = await pre.evaluate((p) => [p.scrollWidth > p.clientWidth, p.scrollHeight > p.clientHeight]);
  expect([wide, tall]).toEqual([false, true]);
  const hashLine = await pre.evaluate((p) => {
    const line = [...p.children].find((c) => c.textContent?.includes('non-hash searches/s')) as HTMLElement;
    return { text: line.textContent ?? '', lines: Math.round(line.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight)) };
  });
  expect(hashLine.lines, hashLine.text).toBe(2);
  // A focused STATUS text scrolls with the arrows and Space, as any scrolled box does;
  // they stepped and played the simulation instead.
  await pre.focus();
  // The frame under way when Pause was pressed can still land ~0.1 s later.
  const tPaused = await settledTime(page);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press(' ');
  await expect.poll(() => pre.evaluate((p) => p.scrollTop > 0)).toBe(true);
  expect(await page.locator('.player-bar button.play').getAttribute('aria-label')).toBe('Play');
  expect(await simTime(page)).toBe(tPaused);
  await screenshot('aurora-lesson-played');
  expect(errors).toEqual([]);
});

test('aurora-reader lesson: the IN-list step runs k IN (…) on writer and reader', async () => {
  const { page, errors } = await openPage('/#/lesson/aurora-reader?step=8');
  await expect.poll(async () => (await page.locator('.experiment-panel').first().textContent()) ?? '', { timeout: 20_000 }).toContain('WHERE k IN (10 existing values)');
  await waitForPanel(page, 'Questions');
  const before = await counter(page, 'Questions');
  await play(page);
  await expect.poll(async () => { const v = await counter(page, 'Questions'); return v[0] > (before[0] ?? 0) && v[1] > (before[1] ?? 0); }, { timeout: 20_000 }).toBe(true);
  await expect.poll(async () => (await counter(page, 'adaptive_hash_searches'))[0] ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
  // At 30x no machine keeps up with ~200,000 IN-list selects per simulated second: the
  // player bar says how fast the run really goes.
  await page.locator('.player-bar select').first().selectOption('30');
  const badge = page.locator('.player-bar .badge', { hasText: 'running at' }).first();
  await badge.waitFor({ timeout: 15_000 });
  const shown = Number(/running at ([0-9.]+)×/.exec((await badge.textContent()) ?? '')?.[1]);
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(21);
  await pause(page);
  await expect.poll(() => badge.count(), { timeout: 5_000 }).toBe(0);
  // one select sends ~20 rows: rows read grow ~20 times faster than the selects
  const rows = await counter(page, 'Innodb_rows_read');
  const selects = await counter(page, 'Com_select');
  expect(rows[0]).toBeGreaterThan(10 * selects[0]);
  const hash = await counter(page, 'adaptive_hash_searches');
  expect(hash[0]).toBeGreaterThan(0);
  expect(hash[1]).toBe(0);
  await screenshot('aurora-lesson-in-list');
  expect(errors).toEqual([]);
});
