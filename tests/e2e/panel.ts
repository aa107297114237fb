// Reading and driving the experiment panel from e2e tests: the player bar, the counters
// table, and a text snapshot of every numbers table (to compare two runs exactly).
import fs from 'node:fs';
import type { Download, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Values of one counter row of the metrics table (one per panel, A then B). */
export async function counter(page: Page, name: string): Promise<number[]> {
  const row = page.locator('tr', { has: page.locator(`th[scope=row]:has-text("${name}")`) }).first();
  const cells = await row.locator('td').allTextContents();
  return cells.map((c) => Number(c.replace(/[^0-9.-]/g, ''))).filter((n) => !Number.isNaN(n));
}

/** The simulated time shown in the player bar ("t = 0.750 s"). */
export async function simTime(page: Page): Promise<string> {
  return ((await page.locator('.sim-time output').first().textContent()) ?? '').trim();
}

/**
 * The simulated time once it has stopped moving (two reads 150 ms apart agree): after a
 * pause or a step, a frame already on its way can still move the clock once.
 */
export async function settledTime(page: Page): Promise<string> {
  let last = await simTime(page);
  for (let i = 0; i < 40; i++) {
    await page.waitForTimeout(150);
    const now = await simTime(page);
    if (now === last) return now;
    last = now;
  }
  throw new Error(`simulated time still moving after 6 s (last ${last})`);
}

/** Every numbers table of the experiment panel as text (counters, sizes), in page order. */
export async function tablesText(page: Page): Promise<string[]> {
  return page.locator('.experiment-panel table').evaluateAll((ts) => ts.map((t) => (t.textContent ?? '').replace(/\s+/g, ' ').trim()));
}

/** Waits until the panel has a simulation and its counters are drawn. */
export async function waitForPanel(page: Page, counterName = 'Innodb_rows_inserted'): Promise<void> {
  await page.getByRole('button', { name: 'Play', exact: true }).first().waitFor({ timeout: 20_000 });
  // attached: on a narrow screen the counters start folded (their rows are in the page, not shown)
  await page.waitForSelector(`th[scope=row]:has-text("${counterName}")`, { state: 'attached', timeout: 20_000 });
  await page.waitForFunction(() => !document.querySelector('.player-bar button.play')?.hasAttribute('data-loading'), null, { timeout: 20_000 });
}

/** How far (px) a view in the panel (presenter's or lesson page's) starts below the panel's player bar. */
export async function gapUnderBar(view: Locator): Promise<number> {
  return view.evaluate((e) => e.getBoundingClientRect().top - e.closest('.slide-panel, .lesson-panel')!.querySelector('.player-bar')!.getBoundingClientRect().bottom);
}

/** `read()` once it has stopped changing (two reads 300 ms apart agree): where a smooth scroll ends. */
export async function settledValue(read: () => Promise<number>): Promise<number> {
  let value = NaN;
  for (let i = 0; i < 30; i++) {
    const last = value;
    value = await read();
    if (value === last) return value;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`still changing after 9 s (last ${value})`);
}

/** Space plays the panel (its clock moves), then Space pauses it. */
export async function spacePlaysThenPauses(page: Page): Promise<void> {
  const from = await simTime(page);
  await page.keyboard.press(' ');
  await expect.poll(() => simTime(page), { timeout: 20_000 }).not.toBe(from);
  await page.keyboard.press(' ');
}

export async function play(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Play', exact: true }).first().click();
}

/** Plays the panel's run at speed "max" until its "run complete" badge shows. */
export async function runToEnd(page: Page): Promise<void> {
  await page.locator('.player-bar select').first().selectOption('max');
  await play(page);
  await page.locator('.badge', { hasText: 'run complete' }).waitFor({ timeout: 60_000 });
}

/** Picks a quiz's choice (by its text, or its index) and locks the prediction in. */
export async function lockPrediction(quiz: Locator, choice: RegExp | number): Promise<void> {
  const radio = typeof choice === 'number' ? quiz.getByRole('radio').nth(choice) : quiz.getByRole('radio', { name: choice });
  await radio.check();
  await quiz.getByRole('button', { name: 'Lock in my prediction' }).click();
}

/** Pauses the player; a run that reached its end meanwhile (fast machine, speed
 * "max") has stopped by itself, and there is no Pause button to click. */
export async function pause(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Pause', exact: true }).first();
  const complete = page.getByText('run complete', { exact: true }).first();
  await button.or(complete).first().waitFor({ timeout: 10_000 });
  if (await complete.isVisible()) return;
  try {
    await button.click({ timeout: 5_000 });
  } catch (e) {
    if (!(await complete.isVisible())) throw e;
  }
}

/** Clicks "Step forward" `n` times, waiting for the time to move after each click. */
export async function stepForward(page: Page, n: number): Promise<void> {
  const fwd = page.getByRole('button', { name: 'Step forward' }).first();
  for (let i = 0; i < n; i++) {
    const before = await simTime(page);
    await fwd.click();
    // Done when the clock has moved and no "going to" badge is up: a step that takes a
    // while shows the badge, and may draw the clock where it has got on the way.
    await page.waitForFunction(
      (b) => document.querySelector('.sim-time output')?.textContent?.trim() !== b && ![...document.querySelectorAll('.player-bar .badge')].some((x) => x.textContent?.startsWith('going to')),
      before,
      { timeout: 20_000 },
    );
  }
  // The views draw from the same frame, on the next animation frames at the latest.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Plays for `ms` of wall time and pauses; returns the counter before and after. */
export async function playFor(page: Page, ms: number, counterName = 'Innodb_rows_inserted'): Promise<{ before: number[]; after: number[] }> {
  const before = await counter(page, counterName);
  await play(page);
  await page.waitForTimeout(ms);
  await pause(page);
  const after = await counter(page, counterName);
  return { before, after };
}

async function saved(d: Download): Promise<Buffer> {
  const file = await d.path();
  if (!file) throw new Error(`download ${d.suggestedFilename()} failed: ${await d.failure()}`);
  return fs.readFileSync(file);
}

/** Downloads an export from the panel's Export menu (`view`: the view to pick first). */
export async function exportFile(page: Page, button: string, view?: string): Promise<{ name: string; data: Buffer }> {
  const menu = page.locator('.export-menu').first();
  if (!(await menu.evaluate((d) => (d as HTMLDetailsElement).open))) await menu.locator('summary').click();
  if (view) await menu.getByRole('combobox', { name: 'View to export' }).selectOption({ label: view });
  const [d] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), menu.getByRole('button', { name: button, exact: true }).click()]);
  return { name: d.suggestedFilename(), data: await saved(d) };
}
