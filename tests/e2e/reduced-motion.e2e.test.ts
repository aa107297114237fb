// prefers-reduced-motion in the built site: with it, nothing animates — no CSS
// transition or animation, no Web Animation, no split-flash redraw loop (the B+tree's
// slow-motion highlight), no smooth scrolling — and the page shows the same information
// as without it (same text in every view at the same simulated time).
import type { Page } from 'playwright-core';
import { expect, openPage, test } from './harness';
import { waitForPanel } from './panel';

const LESSON = '/#/lesson/primary-keys?step=2'; // slow motion: single splits flash

/** Counts requestAnimationFrame calls from now on. */
async function countFrames(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __rafCalls: number };
    w.__rafCalls = 0;
    const raf = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (cb) => {
      w.__rafCalls++;
      return raf(cb);
    };
  });
}
const frames = (page: Page) => page.evaluate(() => (window as unknown as { __rafCalls: number }).__rafCalls);

/** One step forward (paused); returns the frames the redraw loop ran in the next 350 ms. */
async function stepAndCountFrames(page: Page): Promise<number> {
  const before = await frames(page);
  await page.getByRole('button', { name: 'Step forward' }).click();
  await page.waitForTimeout(350); // a flash lasts 700 ms at ~60 frames/s
  return (await frames(page)) - before;
}

async function open(reducedMotion: boolean) {
  const opened = await openPage(LESSON, { reducedMotion });
  const { page } = opened;
  await waitForPanel(page);
  await countFrames(page);
  await page.locator('h1').click(); // focus on the page, not a control
  for (const k of ['+', '+', '+']) await page.keyboard.press(k); // 0.01×: a step is 2.5 ms
  return opened;
}

test('reduced motion: no animation of any kind, and the same information as with motion', async () => {
  const still = (await open(true)).page;
  const moving = (await open(false)).page;
  expect(await still.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);

  // With motion, step until a split flashes (the control: it does animate); then the same
  // number of steps with reduced motion, which must not run a single frame.
  const movingFrames: number[] = [];
  while (movingFrames.length < 12 && !movingFrames.some((n) => n > 5)) movingFrames.push(await stepAndCountFrames(moving));
  expect(movingFrames.some((n) => n > 5), `frames per step with motion: ${movingFrames}`).toBe(true);
  const stillFrames: number[] = [];
  for (let i = 0; i < movingFrames.length; i++) stillFrames.push(await stepAndCountFrames(still));
  expect(stillFrames).toEqual(movingFrames.map(() => 0));

  // Same information: every view's text is identical at the same simulated time.
  const text = (p: Page) => p.locator('.experiment-panel').innerText();
  expect(await text(still)).toMatch(/changed by a split in the last [\d.]+ (ms|µs|s)/);
  expect(await text(still)).toBe(await text(moving));

  // No CSS transition or animation anywhere, and no running Web Animation.
  const motion = await still.evaluate(() =>
    [...document.querySelectorAll('*')]
      .map((e) => [e, getComputedStyle(e)] as const)
      .filter(([, cs]) => cs.transitionDuration.split(',').some((d) => parseFloat(d) > 0) || cs.animationName.split(',').some((n) => n.trim() !== 'none'))
      .map(([e]) => e.tagName + (e.className ? `.${String(e.className)}` : '')),
  );
  expect(motion).toEqual([]);
  expect(await still.evaluate(() => document.getAnimations().length)).toBe(0);
  expect(await still.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');

  // Step navigation jumps instead of scrolling smoothly.
  const stepNo = async () => Number(/Step (\d+)/.exec((await still.locator('.step-nav .step-count').textContent()) ?? '')?.[1]);
  const n = await stepNo();
  const y = await still.evaluate(() => scrollY);
  await still.getByRole('button', { name: 'Next →' }).click();
  const y0 = await still.evaluate(() => scrollY);
  expect(y0).toBeGreaterThan(y); // already there, at once
  await still.waitForTimeout(400);
  expect(await still.evaluate(() => scrollY)).toBe(y0);
  expect(await stepNo()).toBe(n + 1);
});
