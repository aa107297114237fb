// A prediction is about the experiment as the page opened it: a run with a knob moved
// since checks nothing (it said "Your prediction held" under a chart that contradicted
// it), and the quiz says why. The lesson summary shows a question's `code` as code.
import { expect, openPage, test } from './harness';
import { play, waitForPanel } from './panel';

test('quiz: a run with a knob moved does not check a prediction; one with the page\'s settings does', async () => {
  // Opened by a link that sets the rows: 500 is this page's experiment.
  const { page } = await openPage('/#/lesson/primary-keys?step=2&k.workload.max_rows=500');
  await waitForPanel(page);
  const quiz = page.locator('.quiz').first();
  await quiz.getByRole('radio', { name: /About 94% full/ }).check();
  await quiz.getByRole('button', { name: 'Lock in my prediction' }).click();
  const rows = page.getByRole('spinbutton', { name: 'Rows to insert value' }).first();
  await rows.fill('1000');
  await rows.press('Enter');
  await page.locator('.player-bar select').first().selectOption('max');
  await play(page);
  await page.locator('.badge', { hasText: 'run complete' }).waitFor({ timeout: 60_000 });
  await expect.poll(() => quiz.textContent()).toContain('The last run did not check it: it ran with Rows to insert 1,000');
  expect(await quiz.locator('.quiz-result').count()).toBe(0);
  await expect.poll(() => page.locator('.lesson-summary-box').textContent()).toMatch(/1 still to check by a run/);
  // Back to the page's 500 rows: moving the knob back is not a run (the finished run had 1,000).
  await rows.fill('500');
  await rows.press('Enter');
  await page.waitForTimeout(1500);
  expect(await quiz.locator('.quiz-result').count()).toBe(0);
  // Its run checks it, and the note goes.
  await page.locator('.player-bar select').first().selectOption('max');
  await play(page);
  await expect.poll(() => quiz.locator('.quiz-result').textContent(), { timeout: 60_000 }).toContain('Your prediction held.');
  expect(await quiz.textContent()).not.toContain('did not check it');
  await expect.poll(() => page.locator('.lesson-summary-box').textContent()).toMatch(/1 of 5 predictions held/);
});

test('lesson summary: a question\'s code shows as code, not between backticks', async () => {
  const { page } = await openPage('/#/lesson/query-cache');
  const summary = page.locator('.lesson-summary-box');
  await summary.waitFor();
  const item = summary.locator('li', { hasText: 'SELECT c FROM sbtest1 WHERE id=42' }).first();
  expect(await item.locator('code').first().textContent()).toContain('SELECT c FROM sbtest1 WHERE id=42');
  expect(await summary.textContent()).not.toContain('`');
});
