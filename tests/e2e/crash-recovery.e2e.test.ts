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
  await page.waitForFunction(() => !document.querySelector('.player-bar button.play')?.hasAttribute('data-loading'), null, { timeout: 20_000 });
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

test('a site updated under an open tab: the engine and a page that can no longer be fetched say so, once', async () => {
  // A copy of the site, served on its own; files are removed from it while the tab is open.
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const { startStaticServer } = await import('../../scripts/preview.mjs');
  const { launchBrowser } = await import('./harness');
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'innodb-lab-update-'));
  fs.cpSync(path.resolve(root, process.env.E2E_DIST ?? 'web/dist'), dir, { recursive: true });
  const server = await startStaticServer(dir, 0);
  // No offline copy (service worker) here: a plain tab, as on a site served over http.
  const context = await (await launchBrowser()).newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    let workerFetches = 0;
    page.on('request', (r) => {
      if (/\/assets\/worker-[^/]*\.js$/.test(r.url())) workerFetches += 1;
    });
    await page.goto(`${server.url}#/lesson/primary-keys?step=4`);
    await waitForPanel(page);
    expect(workerFetches).toBe(1);
    // The update: the engine's worker and the playground's page are gone.
    const assets = path.join(dir, 'assets');
    for (const f of fs.readdirSync(assets)) if (/^(worker|Playground)-.*\.js$/.test(f)) fs.rmSync(path.join(assets, f));
    // The engine dies; its replacement cannot be fetched. One try, and a message (it
    // fetched the missing script ~70 times a second and said "replayed to t = 0").
    await panic(page).catch(() => undefined);
    const notice = page.locator('.experiment-panel .notice-error');
    await expect.poll(() => notice.textContent(), { timeout: 20_000 }).toContain('The engine could not be downloaded: you may be offline, or the site was updated');
    await page.waitForTimeout(1500);
    expect(workerFetches).toBe(2);
    // A page whose code is gone says the same, with a way out.
    await page.evaluate(() => (location.hash = '#/playground'));
    const gone = page.getByRole('alert').filter({ hasText: 'could not be downloaded' });
    await expect.poll(() => gone.textContent(), { timeout: 20_000 }).toContain('you may be offline, or the site was updated since this page opened.');
    expect(await gone.getByRole('button', { name: 'Reload the page' }).count()).toBe(1);
  } finally {
    await context.close();
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
