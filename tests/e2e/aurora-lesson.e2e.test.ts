// The aurora-reader lesson end to end in Chromium: open the writer-vs-reader step, play;
// Questions rise on both A/B panels, the writer's hash searches rise and the reader's
// stay at 0, the reader's STATUS text shows ON in the parameter group and OFF in effect;
// no console errors. Screenshots: the lesson page as opened and after playing.
import { expect, openPage, screenshot, test } from './harness';
import { counter, pause, play, simTime, waitForPanel } from './panel';

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
  // The writer hashes once its AHI has warmed up (a loaded machine plays fewer simulated
  // seconds per wall second): keep playing until it does.
  await expect.poll(async () => (await counter(page, 'adaptive_hash_searches'))[0] ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
  await pause(page);
  expect(await simTime(page)).not.toBe(t0);
  const hash = await counter(page, 'adaptive_hash_searches');
  expect(hash[0]).toBeGreaterThan(0);
  expect(hash[1]).toBe(0);
  const status = page.locator('section.view-row[aria-label="SHOW ENGINE INNODB STATUS"]');
  await expect.poll(async () => (await status.textContent()) ?? '', { timeout: 10_000 }).toContain('SHOW GLOBAL VARIABLES: OFF');
  expect(await status.textContent()).toContain('Aurora reader: parameter group innodb_adaptive_hash_index = ON');
  await screenshot('aurora-lesson-played');
  expect(errors).toEqual([]);
});
