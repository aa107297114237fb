// A prediction is about the experiment with the lesson's settings: a run with a knob or
// the seed changed checks nothing (it said "Your prediction held" under a chart that
// contradicted it), and the quiz says why. The lesson summary shows a question's `code`
// as code.
import { expect, openPage, test } from './harness';
import { lockPrediction, runToEnd, waitForPanel } from './panel';

test('quiz: a run with a knob moved does not check a prediction; one with the lesson\'s settings does', async () => {
  const { page } = await openPage('/#/lesson/primary-keys?step=2');
  await waitForPanel(page);
  const quiz = page.locator('.quiz').first();
  await lockPrediction(quiz, /About 94% full/);
  const rows = page.getByRole('spinbutton', { name: 'Rows to insert value' }).first();
  await rows.fill('1000');
  await rows.press('Enter');
  await runToEnd(page);
  await expect.poll(() => quiz.textContent()).toContain('The last run did not check it: it ran with Rows to insert 1,000');
  expect(await quiz.locator('.quiz-result').count()).toBe(0);
  await expect.poll(() => page.locator('.lesson-summary-box').textContent()).toMatch(/1 still to check by a run/);
  // Back to the lesson's 3,000 rows: moving the knob back is not a run (the finished run had 1,000).
  await rows.fill('3000');
  await rows.press('Enter');
  await page.waitForTimeout(1500);
  expect(await quiz.locator('.quiz-result').count()).toBe(0);
  // Its run checks it, and the note goes.
  await runToEnd(page);
  await expect.poll(() => quiz.locator('.quiz-result').textContent()).toContain('Your prediction held.');
  expect(await quiz.textContent()).not.toContain('did not check it');
  await expect.poll(() => page.locator('.lesson-summary-box').textContent()).toMatch(/1 of 5 predictions held/);
});

test('quiz: a link\'s knob values and a reload after moving a knob are other settings too', async () => {
  // 500 rows never split a page: the question is about 3,000.
  const { page } = await openPage('/#/lesson/primary-keys?step=2&k.workload.max_rows=500');
  await waitForPanel(page);
  const quiz = page.locator('.quiz').first();
  await lockPrediction(quiz, /About 94% full/);
  await runToEnd(page);
  await expect.poll(() => quiz.textContent()).toContain('The last run did not check it: it ran with Rows to insert 500');
  // A reload reads the knob back from the address: still not the lesson's run.
  await page.reload();
  await waitForPanel(page);
  await runToEnd(page);
  const again = page.locator('.quiz').first();
  await expect.poll(() => again.textContent()).toContain('The last run did not check it');
  expect(await again.locator('.quiz-result').count()).toBe(0);
  // Another seed: the explanations quote seed 42's figures.
  const seeded = await openPage('/#/lesson/primary-keys?step=2&seed=7');
  await waitForPanel(seeded.page);
  const q3 = seeded.page.locator('.quiz').first();
  await lockPrediction(q3, 1);
  await runToEnd(seeded.page);
  await expect.poll(() => q3.textContent()).toContain('it ran with Random seed 7');
  expect(await q3.locator('.quiz-result').count()).toBe(0);
});

test('knobs: "Reset to the lesson\'s values" puts a link\'s knob and seed back, and the run checks the prediction again', async () => {
  const { page } = await openPage('/#/lesson/primary-keys?step=2&seed=7&k.workload.max_rows=500');
  await waitForPanel(page);
  const rows = page.getByRole('spinbutton', { name: 'Rows to insert value' }).first();
  const seed = page.getByRole('spinbutton', { name: 'Random seed' }).first();
  expect(await rows.inputValue()).toBe('500');
  expect(await seed.inputValue()).toBe('7');
  const reset = page.getByRole('button', { name: "Reset to the lesson's values" });
  expect(await reset.getAttribute('title')).toBe("Back to the lesson's values (Rows to insert 500, Random seed 7)");
  await reset.dispatchEvent('click');
  await expect.poll(() => rows.inputValue()).toBe('3000');
  await expect.poll(() => seed.inputValue()).toBe('42');
  await expect.poll(() => page.url()).not.toContain('k.workload.max_rows');
  expect(page.url()).not.toContain('seed=');
  expect(await reset.count()).toBe(0);
  // The lesson's run again: a prediction locked now is checked by it.
  const quiz = page.locator('.quiz').first();
  await lockPrediction(quiz, /About 94% full/);
  await runToEnd(page);
  await expect.poll(() => quiz.locator('.quiz-result').textContent()).toContain('Your prediction held.');
  // Moving a knob brings the button back.
  await rows.fill('1000');
  await rows.press('Enter');
  await expect.poll(() => reset.count()).toBe(1);
});

test('lesson summary: a question\'s code shows as code, not between backticks', async () => {
  const { page } = await openPage('/#/lesson/query-cache');
  const summary = page.locator('.lesson-summary-box');
  await summary.waitFor();
  const item = summary.locator('li', { hasText: 'SELECT c FROM sbtest1 WHERE id=42' }).first();
  expect(await item.locator('code').first().textContent()).toContain('SELECT c FROM sbtest1 WHERE id=42');
  expect(await summary.textContent()).not.toContain('`');
});

test('lesson summary: experiment titles show their knob values, and a link leads on to the next lesson', async () => {
  const { page } = await openPage('/#/lesson/adaptive-hash-index');
  const summary = page.locator('.lesson-summary-box');
  await summary.waitFor();
  // "Uniform lookups: 2M rows, a pool of {server.innodb_buffer_pool_pages} pages" read as a template
  await expect.poll(() => summary.textContent()).toContain('Uniform lookups: 2M rows, a pool of 4,096 pages');
  expect(await summary.textContent()).not.toMatch(/\{[a-z_.]+\}/);
  const next = summary.getByRole('link', { name: /^Next lesson: / });
  await expect.poll(() => next.getAttribute('href')).toBe('#/lesson/ahi-latch-contention');
});
