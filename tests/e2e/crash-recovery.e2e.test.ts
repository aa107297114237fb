// Crash recovery in the built site: a deliberate engine panic (the test-only hook
// window.__innodbLab.debugPanic, see web/src/engine/debugHook.ts) is reported with the
// engine's own message, a new worker replays to the last good time with exactly the
// numbers a fresh run has there, and the panel keeps working (play moves the numbers).
import type { Page } from 'playwright-core';
import type { DebugHook } from '../../web/src/engine/debugHook';
import { expect, openPage, screenshot, test } from './harness';
import { counter, pause, play, simTime, stepForward, tablesText, waitForPanel } from './panel';

const LESSON = '/#/lesson/primary-keys?step=4'; // the A/B experiment: two simulations to replay

function panic(page: Page): Promise<string> {
  return page.evaluate(() => (window as unknown as { __innodbLab: DebugHook }).__innodbLab.debugPanic());
}

/** Waits for the restart notice and for the player to be usable again at `t`. */
async function waitForRecovery(page: Page, t: string) {
  await page.locator('.engine-restart').waitFor({ timeout: 20_000 });
  await page.waitForFunction((want) => document.querySelector('.sim-time output')?.textContent?.trim() === want, t, { timeout: 20_000 });
  await page.waitForFunction(() => !document.querySelector('.player-bar button.play')?.hasAttribute('disabled'), null, { timeout: 20_000 });
}

test('a panic is reported, replayed to the same time with the same numbers, and play continues', async () => {
  const { page } = await openPage(LESSON);
  await waitForPanel(page);
  await stepForward(page, 3);
  const t = await simTime(page);
  const beforePanic = await tablesText(page);
  expect(t).not.toBe('0 µs');

  const message = await panic(page);
  expect(message).toContain('debug_panic: deliberate engine panic');
  await waitForRecovery(page, t);
  const notice = page.locator('.engine-restart');
  const text = (await notice.textContent()) ?? '';
  expect(text).toContain('The engine hit a bug');
  expect(text).toContain('debug_panic: deliberate engine panic'); // the engine's own message
  expect(text).toContain(`replayed the same run to t = ${t}`);
  expect(await notice.getAttribute('role')).toBe('alert');
  // The replay reached the last good time with the numbers it had before the panic.
  await expect.poll(() => tablesText(page), { timeout: 10_000 }).toEqual(beforePanic);
  await screenshot('crash-recovered', page, { fullPage: false });

  // Determinism: a fresh page taken to the same virtual time shows the same numbers.
  const fresh = await openPage(LESSON);
  await waitForPanel(fresh.page);
  await stepForward(fresh.page, 3);
  expect(await simTime(fresh.page)).toBe(t);
  await expect.poll(() => tablesText(fresh.page), { timeout: 10_000 }).toEqual(beforePanic);
  await fresh.context.close();

  // And the recovered panel keeps working.
  const rows = await counter(page, 'Innodb_rows_inserted');
  await play(page);
  await expect.poll(async () => (await counter(page, 'Innodb_rows_inserted'))[0], { timeout: 10_000 }).toBeGreaterThan(rows[0]);
  await pause(page);
});

test('a panic while playing recovers too, and the notice can be dismissed', async () => {
  const { page } = await openPage(LESSON);
  await waitForPanel(page);
  await play(page);
  await page.waitForTimeout(800);
  const message = await panic(page);
  expect(message).toContain('debug_panic');
  await page.locator('.engine-restart').waitFor({ timeout: 20_000 });
  // Recovery stops the player at the replayed time; Play works again and time moves on.
  await page.getByRole('button', { name: 'Play', exact: true }).first().waitFor({ timeout: 20_000 });
  const t = await simTime(page);
  const rows = await counter(page, 'Innodb_rows_inserted');
  await play(page);
  await expect.poll(() => simTime(page), { timeout: 10_000 }).not.toBe(t);
  await expect.poll(async () => (await counter(page, 'Innodb_rows_inserted'))[0], { timeout: 10_000 }).toBeGreaterThan(rows[0]);
  await pause(page);
  await page.locator('.engine-restart').getByRole('button', { name: 'Dismiss' }).click();
  await expect.poll(() => page.locator('.engine-restart').count()).toBe(0);
});
