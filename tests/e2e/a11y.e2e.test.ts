// Accessibility of every page of the built site with axe-core (WCAG 2.x A/AA + best
// practice): home, the lesson at several steps (experiment panel loaded, after playing,
// with a quiz answered, with address / knob / engine-restart messages showing), the
// playground (editing, running, refusing a scenario) and not-found, in the light, dark
// and projector themes and on a phone-sized screen. No serious or critical violation;
// lesser ones are printed.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import type { DebugHook } from '../../web/src/engine/debugHook';
import { expect, openPage, test } from './harness';
import { pause, play, stepForward, waitForPanel } from './panel';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Serious/critical violations as readable lines (lesser ones are logged). */
async function audit(page: Page, what: string): Promise<string[]> {
  // Legacy mode runs axe in the page itself (no extra blank page per run: twice as fast);
  // the site has no iframes, which is all it gives up.
  const r = await new AxeBuilder({ page }).setLegacyMode(true).withTags(TAGS).options({ resultTypes: ['violations'] }).analyze();
  const line = (v: (typeof r.violations)[number]) =>
    `${what}: [${v.impact}] ${v.id} (${v.help}) at ${v.nodes
      .slice(0, 3)
      .map((n) => n.target.join(' '))
      .join(' | ')}`;
  const severe = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const lesser = r.violations.filter((v) => !severe.includes(v));
  if (lesser.length) console.log(lesser.map(line).join('\n'));
  return severe.map(line);
}

async function go(page: Page, hash: string) {
  await page.evaluate((h) => (location.hash = h), hash);
}

async function theme(page: Page, name: 'Auto theme' | 'Light' | 'Dark' | 'Projector') {
  await page.getByRole('combobox', { name: 'Colour theme' }).selectOption({ label: name });
}

async function playAMoment(page: Page) {
  await play(page);
  await page.waitForTimeout(700);
  await pause(page);
}

test('home, lessons, playground and not-found have no serious or critical violation (light, dark, projector)', async () => {
  const { page } = await openPage('/');
  const found: string[] = [];
  await page.getByRole('link', { name: /Primary keys/ }).first().waitFor();
  for (const t of ['Light', 'Dark', 'Projector'] as const) {
    await theme(page, t);
    found.push(...(await audit(page, `home (${t})`)));
  }

  // Lesson, first step: the slow-motion experiment loaded, then played a moment.
  await theme(page, 'Light');
  await go(page, '#/lesson/primary-keys');
  await waitForPanel(page);
  await playAMoment(page);
  found.push(...(await audit(page, 'lesson step 1, after playing (Light)')));
  // A quiz answered and its explanation shown, in the dark theme.
  await theme(page, 'Dark');
  const quiz = page.locator('.quiz').first();
  await quiz.getByRole('radio').nth(2).check();
  await quiz.getByRole('button', { name: 'Lock in my prediction' }).click();
  await quiz.getByRole('button', { name: 'Reveal the answer' }).click();
  await quiz.locator('.quiz-result').waitFor();
  found.push(...(await audit(page, 'lesson step 1, quiz answered (Dark)')));

  // Step 4: the A/B experiment with every view and chart, after playing; projector theme.
  await theme(page, 'Projector');
  await go(page, '#/lesson/primary-keys?step=4');
  await waitForPanel(page);
  await playAMoment(page);
  found.push(...(await audit(page, 'lesson step 4 A/B, after playing (Projector)')));
  await theme(page, 'Dark');
  // Messages: a refused address parameter, a refused knob value, an engine restart.
  await go(page, '#/lesson/primary-keys?step=4&seed=abc');
  await page.locator('.url-messages').waitFor();
  const knob = page.getByRole('spinbutton', { name: 'Rows to insert value' });
  await knob.fill('5');
  await knob.press('Enter');
  await page.locator('.field-error').first().waitFor();
  await stepForward(page, 1);
  await page.evaluate(() => (window as unknown as { __innodbLab: DebugHook }).__innodbLab.debugPanic());
  await page.locator('.engine-restart').waitFor();
  found.push(...(await audit(page, 'lesson step 4 with address, knob and restart messages (Dark)')));
  await theme(page, 'Light');

  // Playground: editing, running, then a scenario refused.
  await go(page, '#/playground');
  const editor = page.getByRole('textbox', { name: 'Scenario JSON' });
  await expect.poll(async () => (await editor.inputValue()).length, { timeout: 20_000 }).toBeGreaterThan(10);
  found.push(...(await audit(page, 'playground, editing (Light)')));
  await page.getByRole('button', { name: 'Run this scenario' }).click();
  await waitForPanel(page, 'Innodb_buffer_pool_read_requests');
  await playAMoment(page);
  await editor.fill('{"workload": {"threads": 0}}');
  await page.getByRole('button', { name: 'Run this scenario' }).click();
  await page.locator('.scenario-problem').waitFor();
  found.push(...(await audit(page, 'playground, running + refused scenario (Light)')));
  await theme(page, 'Dark');
  found.push(...(await audit(page, 'playground, running + refused scenario (Dark)')));

  await go(page, '#/nowhere');
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await page.locator('.not-found li').first().waitFor();
  found.push(...(await audit(page, 'not-found (Dark)')));
  await theme(page, 'Light');
  found.push(...(await audit(page, 'not-found (Light)')));

  expect(found).toEqual([]);
});

test('a phone-sized lesson page (panel below the text) has no serious or critical violation', async () => {
  const { page } = await openPage('/#/lesson/primary-keys?step=2', { viewport: { width: 390, height: 844 } });
  await waitForPanel(page);
  await playAMoment(page);
  expect(await audit(page, 'lesson step 2, 390 px wide')).toEqual([]);
});

test('on a touch screen every button and field of the panel is at least 44 px high (a finger, not a mouse pointer)', async () => {
  const { page } = await openPage('/#/lesson/primary-keys?step=2', { viewport: { width: 390, height: 844 }, touch: true });
  await waitForPanel(page);
  const small = await page.$$eval('.lesson-panel :is(button:not(.linklike), select, input[type="number"], input[type="range"], summary)', (els) =>
    els
      .map((e) => ({ name: e.getAttribute('aria-label') ?? e.textContent?.trim() ?? e.tagName, r: e.getBoundingClientRect() }))
      .filter((x) => x.r.width > 0 && (x.r.height < 43.5 || x.r.width < 43.5))
      .map((x) => `${x.name} ${Math.round(x.r.width)}×${Math.round(x.r.height)}`),
  );
  expect(small).toEqual([]);
  // The text's link-like controls on lines of their own too (they were 25 px).
  // A quiz's answers (31 px), and the page's links on lines of their own (19–25 px).
  const smallText = await page.$$eval('.lesson-narrative :is(.quiz-actions button.linklike, .experiment-card button.linklike, .to-panel, .quiz-choice, .crumbs a, .lesson-modes a), .back-to-text, .site-header a', (els) =>
    els
      .map((e) => ({ name: e.textContent?.trim().slice(0, 30), r: e.getBoundingClientRect() }))
      .filter((x) => x.r.width > 0 && x.r.height < 43.5)
      .map((x) => `${x.name} ${Math.round(x.r.height)}`),
  );
  expect(smallText).toEqual([]);
  expect(await page.locator('.lesson-narrative .to-panel').count()).toBeGreaterThan(0);
  expect(await page.locator('.lesson-narrative .quiz-choice').count()).toBeGreaterThan(0);
  expect(await page.locator('.lesson-panel :is(input[type="range"], summary)').count()).toBeGreaterThan(1);
  // With a mouse the same controls stay compact.
  const desk = await openPage('/#/lesson/primary-keys?step=2', { viewport: { width: 390, height: 844 } });
  await waitForPanel(desk.page);
  const h = await desk.page.locator('.player-bar button.play').evaluate((e) => e.getBoundingClientRect().height);
  expect(h).toBeLessThan(40);
});

test('a toggle knob on a touch screen: a 44 px row, and a tap on its ON/OFF toggles it as a tap on the box does', async () => {
  // The box was 19 px, and a tap on the big "ON" beside it did nothing (QA, a tablet).
  const { page, errors } = await openPage('/#/lesson/adaptive-hash-index?step=7', { viewport: { width: 768, height: 1024 }, touch: true });
  const box = page.getByRole('checkbox', { name: 'innodb_adaptive_hash_index', exact: true });
  await box.waitFor({ timeout: 30_000 });
  expect(await box.isChecked()).toBe(true);
  const row = page.locator('.knob-toggle .knob-switch').first();
  await row.scrollIntoViewIfNeeded();
  expect((await row.boundingBox())!.height).toBeGreaterThanOrEqual(43.5);
  const word = page.locator('.knob-toggle .knob-state').first();
  expect(await word.textContent()).toBe('ON');
  const w = (await word.boundingBox())!;
  await page.touchscreen.tap(w.x + w.width / 2, w.y + w.height / 2);
  await expect.poll(() => box.isChecked()).toBe(false);
  expect(await word.textContent()).toBe('OFF');
  expect(errors).toEqual([]);
});

test('live regions speak when something happens, not on every frame of a run', async () => {
  const { page } = await openPage('/#/lesson/primary-keys?step=2');
  await waitForPanel(page);
  // Pick a leaf with the keys first: its line below the strip changes as the run fills it.
  const strip = page.getByRole('slider', { name: /^Leaf pages? / }).first();
  await strip.focus();
  await page.keyboard.press('ArrowRight');
  // Count what a screen reader would be handed: text changes inside any live region
  // (aria-live polite/assertive, role status/log/alert, or an <output> not turned off).
  await page.evaluate(() => {
    const w = window as unknown as { spoken: string[] };
    w.spoken = [];
    const live = (n: Node | null): Element | null => {
      for (let e = n instanceof Element ? n : (n?.parentElement ?? null); e; e = e.parentElement) {
        const a = e.getAttribute('aria-live');
        if (a === 'off') return null;
        if (a === 'polite' || a === 'assertive' || ['status', 'log', 'alert'].includes(e.getAttribute('role') ?? '') || e.tagName === 'OUTPUT') return e;
      }
      return null;
    };
    new MutationObserver((ms) => {
      for (const m of ms) {
        const r = live(m.target);
        if (r) w.spoken.push(r.textContent ?? '');
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await play(page);
  await page.waitForTimeout(3000);
  await pause(page);
  const spoken = await page.evaluate(() => (window as unknown as { spoken: string[] }).spoken);
  // The clock and the strip's line each changed ~80 times in 3 s; what is left is a
  // message or two (e.g. a run that ends).
  expect(spoken.length, spoken.slice(0, 5).join(' | ')).toBeLessThanOrEqual(3);
});
