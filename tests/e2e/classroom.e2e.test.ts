// Classroom modes in Chromium: presenter navigation by keyboard and its notes window, a
// shared link reproducing the exact state in a fresh page, an embed page and its
// snippet, exports that parse (PNG header, SVG, CSV columns, a scenario JSON the native
// CLI runs to the same numbers), quiz grading with stored progress, screenshots at
// phone (390×844) and projector (1920×1080) sizes, the offline zip served as is, and
// the offline cache: a lesson runs after a reload with the network off.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from '../../scripts/preview.mjs';
import { csvNumber, EXPORT_MARGIN_PX } from '../../web/src/ui/exportView';
import { expect, launchBrowser, openPage, screenshot, test } from './harness';
import { counter, exportFile, lockPrediction, play, runToEnd, settledTime, simTime, stepForward, tablesText, waitForPanel } from './panel';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

test('presenter: keys move between slides, Space plays, . steps, notes follow in a second window', async () => {
  const { page, context } = await openPage('/#/present/primary-keys', { viewport: { width: 1920, height: 1080 } });
  // Slide 1 comes before the lesson's first experiment: the panel says so and has no
  // player (it showed slide 2's, and Space started it before the room had voted).
  const none = page.locator('.slide-panel .slide-no-experiment');
  await expect.poll(() => none.innerText(), { timeout: 20_000 }).toBe('No experiment on this slide.\n\nThe first one, “Sequential ids in slow motion”, comes on slide 2. Show it now');
  await page.keyboard.press(' ');
  await page.waitForTimeout(300);
  expect(await page.locator('.slide-panel .player-bar').count()).toBe(0);
  await none.getByRole('button', { name: 'Show it now' }).click();
  await waitForPanel(page);
  // The button leaves with its notice; focus went to the panel, not back to the page.
  expect(await page.evaluate(() => document.activeElement?.className)).toBe('slide-panel');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // The projector theme applies here without becoming the reader's stored choice: after a
  // reload of the presenter, and in a lesson opened afterwards, the choice is still auto.
  const theme = () => page.evaluate(() => [document.documentElement.getAttribute('data-theme'), localStorage.getItem('innodb-lab.theme')]);
  await expect.poll(theme).toEqual(['projector', null]);
  await page.reload();
  await page.locator('.slide-panel').waitFor();
  await expect.poll(theme).toEqual(['projector', null]);
  const lessonTab = await context.newPage();
  await lessonTab.goto(page.url().replace(/#.*$/, '#/lesson/primary-keys'));
  await lessonTab.locator('.lesson-narrative').waitFor();
  expect(await lessonTab.evaluate(() => [document.documentElement.getAttribute('data-theme'), localStorage.getItem('innodb-lab.theme')])).toEqual([null, null]);
  await lessonTab.close();
  const count = page.locator('.presenter-count');
  await expect.poll(() => count.textContent()).toBe('1 / 11');
  await page.keyboard.press('PageDown');
  await expect.poll(() => count.textContent()).toBe('2 / 11');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => count.textContent()).toBe('3 / 11');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('End');
  await expect.poll(() => count.textContent()).toBe('11 / 11');
  expect(await page.locator('.presenter-bar [aria-live=polite]').textContent()).toBe(`Slide 11 of 11: ${await page.locator('.slide-text h1').textContent()}`);
  // Next pressed onto the last slide is disabled: it hands the focus to Prev (it fell to the page).
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => count.textContent()).toBe('10 / 11');
  await page.getByRole('button', { name: 'Next slide' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => count.textContent()).toBe('11 / 11');
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Previous slide');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur()); // Space below is for the player, not a button
  await page.keyboard.press('Home');
  await page.keyboard.press('PageDown');
  await expect.poll(() => count.textContent()).toBe('2 / 11');
  expect(page.url()).toContain('#/present/primary-keys?step=2');
  await expect.poll(() => page.locator('.slide-text h1').textContent()).toBe('Inserting in order');
  await waitForPanel(page);

  // The arrows belong to the slides here: "." steps the simulation, Space plays.
  /** "." moves the clock; Space plays, then pauses. */
  const playerKeysWork = async () => {
    const before = await settledTime(page);
    await page.keyboard.press('.');
    await expect.poll(() => simTime(page)).not.toBe(before);
    await page.keyboard.press(' ');
    await page.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await page.keyboard.press(' ');
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
  };
  await playerKeysWork();
  await expect.poll(() => count.textContent()).toBe('2 / 11');

  // The room's answer clicked into the quiz keeps the keys for the slides and the player:
  // → changed the answer (to the next choice) and Space and . did nothing.
  const choices = page.locator('.slide-text').getByRole('radio');
  await choices.first().check();
  await playerKeysWork();
  const picked = () => choices.evaluateAll((rs) => rs.map((r) => (r as HTMLInputElement).checked).indexOf(true));
  expect(await picked()).toBe(0);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => count.textContent()).toBe('3 / 11');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => count.textContent()).toBe('2 / 11');

  // Key help names the conflict's resolution.
  await page.keyboard.press('?');
  await expect.poll(() => page.getByRole('dialog', { name: 'Keyboard shortcuts' }).textContent()).toContain('here the arrows change slides');
  // The help is modal: a clicker's PageDown does not turn the slide behind it.
  await page.keyboard.press('PageDown');
  await page.waitForTimeout(200);
  expect(await count.textContent()).toBe('2 / 11');
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog', { name: 'Keyboard shortcuts' }).count()).toBe(0);
  // That Esc closed the help only: the slides are still up.
  await page.waitForTimeout(200);
  expect(page.url()).toContain('#/present/primary-keys');

  // Speaker notes in a second window follow the slides, and can move them.
  const [notes] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('n')]);
  await notes.waitForLoadState();
  await expect.poll(() => notes.locator('.notes-step').textContent(), { timeout: 10_000 }).toBe('Slide 2 / 11');
  await expect.poll(() => notes.locator('.notes-page').textContent()).toContain('Ask the room first');
  await page.keyboard.press('PageDown');
  await expect.poll(() => notes.locator('.notes-step').textContent()).toBe('Slide 3 / 11');
  await expect.poll(() => notes.locator('h1').textContent()).toBe('Inserting at random');
  await notes.getByRole('button', { name: '← Prev' }).click();
  await expect.poll(() => count.textContent()).toBe('2 / 11');
  // The notes window's keys are the slides' own: End and Home too (End did nothing there).
  await notes.keyboard.press('End');
  await expect.poll(() => count.textContent()).toBe('11 / 11');
  await expect.poll(() => notes.locator('.notes-step').textContent()).toBe('Slide 11 / 11');
  await notes.keyboard.press('Home');
  await expect.poll(() => count.textContent()).toBe('1 / 11');
  await expect.poll(() => notes.locator('.notes-step').textContent()).toBe('Slide 1 / 11');
  await notes.keyboard.press('ArrowRight');
  await expect.poll(() => count.textContent()).toBe('2 / 11');
  await screenshot('classroom-presenter-1920x1080', page, { fullPage: false });
  await screenshot('classroom-notes', notes, { fullPage: false });
  await notes.close();

  // A clicker's PageDown turns the slide even from a knob's slider, which would take it
  // as "move by a page" (it set the rows knob and stayed on the slide).
  await page.getByRole('slider', { name: 'Rows to insert' }).focus();
  await page.keyboard.press('PageDown');
  await expect.poll(() => count.textContent()).toBe('3 / 11');
  expect(page.url()).not.toContain('k.');
  await page.keyboard.press('PageUp');
  await expect.poll(() => count.textContent()).toBe('2 / 11');

  // T picks the theme after the one shown (projector) and stores it, as the menu does; it
  // changed the stored choice while the projector override stayed on screen.
  await page.locator('.slide-text h1').click();
  await page.keyboard.press('t');
  await expect.poll(theme).toEqual(['dark', 'dark']);
  await page.keyboard.press('t');
  await expect.poll(theme).toEqual(['light', 'light']);
  expect(await page.getByRole('combobox', { name: 'Presenter theme' }).inputValue()).toBe('light');

  // Theme switch: projector, dark, light.
  for (const t of ['dark', 'light', 'projector']) {
    await page.getByRole('combobox', { name: 'Presenter theme' }).selectOption(t);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(t);
  }
});

test('presenter: Space pressed while a slide\'s simulation is still loading plays it once it is ready (it was lost)', async () => {
  const { page } = await openPage('/#/present/aurora-reader?step=5', { viewport: { width: 1280, height: 720 } });
  await page.getByText(/Starting the simulation: loading/).first().waitFor({ timeout: 20_000 });
  await page.keyboard.press(' ');
  await page.getByRole('button', { name: 'Pause', exact: true }).waitFor({ timeout: 60_000 });
  await expect.poll(() => simTime(page), { timeout: 20_000 }).not.toBe('0 µs');
});

test('presenter: . pressed while a slide\'s simulation is still loading steps once it is ready (it was lost); , takes one back', async () => {
  const { page, errors } = await openPage('/#/present/aurora-reader?step=5', { viewport: { width: 1280, height: 720 } });
  await page.getByText(/Starting the simulation: loading/).first().waitFor({ timeout: 20_000 });
  // The bar shows the steps it holds (nothing did: the presenter pressed again).
  const queued = () => page.locator('.player-bar .badge-text').allTextContents();
  await page.keyboard.press('.');
  await page.keyboard.press('.');
  await expect.poll(queued).toEqual(['2 steps when ready']);
  await page.keyboard.press(',');
  await expect.poll(queued).toEqual(['1 step when ready']);
  await page.waitForFunction(() => !document.querySelector('.player-bar button.play')?.hasAttribute('data-loading'), null, { timeout: 60_000 });
  await expect.poll(queued).toEqual([]);
  await expect.poll(() => simTime(page), { timeout: 20_000 }).not.toBe('0 µs');
  // A step shows frames on its way on a slow machine: where it ends, still a second later.
  const ended = async () => {
    let last = '';
    for (let i = 0; i < 40; i++) {
      const now = await simTime(page);
      if (now === last) return now;
      last = now;
      await page.waitForTimeout(1000);
    }
    throw new Error(`the clock still moves (${last})`);
  };
  const one = await ended();
  // One step, not two: the next one lands at twice its time.
  const value = (t: string) => Number(t.replace(/[^0-9.]/g, ''));
  await page.keyboard.press('.');
  await expect.poll(() => simTime(page), { timeout: 20_000 }).not.toBe(one);
  const two = await ended();
  expect(two.replace(/[0-9.\s]/g, '')).toBe(one.replace(/[0-9.\s]/g, ''));
  expect(value(two)).toBeCloseTo(2 * value(one), 6);
  expect(await page.getByRole('button', { name: 'Play', exact: true }).count()).toBe(1);
  expect(errors).toEqual([]);
});

test('speaker notes say they are waiting again once the presenter leaves presenter mode, and follow it when it is back', async () => {
  const { page, context } = await openPage('/#/present/primary-keys?step=3', { viewport: { width: 1280, height: 720 } });
  await waitForPanel(page);
  const [notes] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('n')]);
  await notes.waitForLoadState();
  const waiting = notes.getByText(/Waiting for the presenter window/);
  await expect.poll(() => notes.locator('.notes-step').textContent(), { timeout: 10_000 }).toBe('Slide 3 / 11');
  expect(await waiting.count()).toBe(0);
  // The talk's clock: a reload of the notes keeps it (it began again at 00:00).
  const seconds = async () => {
    const [m, sec] = ((await notes.locator('.notes-timer').textContent()) ?? '').split(':').map(Number);
    return m * 60 + sec;
  };
  await expect.poll(seconds, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
  await notes.reload();
  await expect.poll(() => notes.locator('.notes-step').textContent(), { timeout: 10_000 }).toBe('Slide 3 / 11');
  expect(await seconds()).toBeGreaterThanOrEqual(3);
  await page.getByRole('link', { name: '✕ Exit' }).dispatchEvent('click');
  await expect.poll(() => waiting.count(), { timeout: 10_000 }).toBe(1); // it went on as if connected
  // Without a presenter, Prev and Next move nothing: they say so by being off.
  expect(await notes.getByRole('button', { name: 'Next →' }).isDisabled()).toBe(true);
  await page.goBack();
  await expect.poll(() => waiting.count(), { timeout: 20_000 }).toBe(0);
  await expect.poll(() => notes.locator('.notes-step').textContent()).toBe('Slide 3 / 11');
  // The next lesson: N turns the same window to its notes (another window opened, and the
  // first one waited on the lesson before).
  let opened = 0;
  context.on('page', () => opened++);
  await page.goto(page.url().replace(/#.*$/, '#/present/query-cache?step=2'));
  await expect.poll(() => page.locator('.presenter-count').textContent(), { timeout: 20_000 }).toMatch(/^2 \/ \d+$/);
  // N again until the new slides hear it: their count shows a moment before their key
  // handler is attached (after paint), and an N pressed in between was lost on a loaded
  // machine (the notes stayed on primary-keys). Each N names the same window: none opens.
  await expect
    .poll(
      async () => {
        await page.keyboard.press('n');
        return notes.evaluate(() => location.hash);
      },
      { timeout: 10_000 },
    )
    .toBe('#/notes/query-cache');
  const count = (await page.locator('.presenter-count').textContent())!.replace(/^2 \/ /, '');
  await expect.poll(() => notes.locator('.notes-step').textContent(), { timeout: 10_000 }).toBe(`Slide 2 / ${count}`);
  expect(opened).toBe(0);
  await notes.close();
});

test('presenter: a bad or unused parameter in the link is named, and the slides still run', async () => {
  const { page } = await openPage('/#/present/primary-keys?step=5&k.workload.max_rows=abc&foo=1&t=2&x=nope', { viewport: { width: 1920, height: 1080 } });
  const msg = page.locator('.url-messages');
  await msg.waitFor({ timeout: 20_000 });
  const text = (await msg.textContent()) ?? '';
  // It said nothing and dropped them.
  expect(text).toContain('Parameter "k.workload.max_rows" (Rows to insert) must be a number from 1000 to 2000000, got "abc"');
  expect(text).toContain('"foo"');
  expect(text).toContain('Parameter "t" is not used here: presenter mode starts each slide\'s experiment at t = 0.');
  expect(text).toMatch(/Parameter "x" must name an experiment of this page \(seq-slowmo, .*\), got "nope"; the step's own experiment is shown\./);
  expect(await page.locator('.presenter-count').textContent()).toBe('5 / 11');
  await msg.getByRole('button', { name: 'Dismiss' }).click();
  await expect.poll(() => msg.count()).toBe(0);
  // An address typed over this one goes where it says (the slide stayed on 5, and Next
  // then went to 6); a bad step in it is named and the slide stays.
  await page.evaluate(() => (location.hash = '#/present/primary-keys?step=8'));
  await expect.poll(() => page.locator('.presenter-count').textContent()).toBe('8 / 11');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => page.locator('.presenter-count').textContent()).toBe('9 / 11');
  await page.evaluate(() => (location.hash = '#/present/primary-keys?step=99'));
  await expect.poll(async () => ((await msg.count()) ? await msg.textContent() : '')).toContain('Parameter "step"');
  expect(await page.locator('.presenter-count').textContent()).toBe('9 / 11');
});

test('presenter: "Present this lesson" and Exit keep the seed and knobs (a teacher\'s smaller run was dropped)', async () => {
  const { page } = await openPage('/#/lesson/primary-keys?step=4&seed=7&k.workload.max_rows=50000');
  await waitForPanel(page);
  const present = page.getByRole('link', { name: 'Present this lesson' });
  expect(await present.getAttribute('href')).toBe('#/present/primary-keys?step=4&seed=7&k.workload.max_rows=50000');
  // Clicked where it is: Playwright's click would first scroll the page to its top, where
  // step 1 is the step in view (and the link then presents step 1).
  await present.dispatchEvent('click');
  await expect.poll(() => page.locator('.presenter-count').textContent()).toBe('4 / 11');
  await waitForPanel(page);
  await page.keyboard.press('PageDown');
  await expect.poll(() => page.locator('.presenter-count').textContent()).toBe('5 / 11');
  const exit = page.getByRole('link', { name: '✕ Exit' });
  expect(await exit.getAttribute('href')).toBe('#/lesson/primary-keys?step=5&seed=7&k.workload.max_rows=50000');
  // Exit after a run: the lesson opens at the time the slide's run had reached (it was back at 0).
  await waitForPanel(page);
  await page.keyboard.press(' ');
  await expect.poll(() => simTime(page), { timeout: 20_000 }).not.toBe('0 µs');
  await page.keyboard.press(' ');
  const t = await settledTime(page);
  expect(t).not.toBe('0 µs');
  // Esc leaves as Exit does (a slide show ends on Esc; only the key help closed).
  await page.keyboard.press('Escape');
  await page.locator('.lesson-narrative').first().waitFor();
  expect(await page.locator('.step-nav .step-count').textContent()).toBe('Step 5 of 11');
  await expect.poll(() => settledTime(page), { timeout: 30_000 }).toBe(t);
});

test('presenter: a slide\'s second experiment is shown from its card; links in and out of presenter mode keep it', async () => {
  // A pinned experiment and its knob on the lesson page: "Present this lesson" carries both
  // (it carried the knob alone, and presenter mode refused it as another experiment's).
  const { page, errors } = await openPage('/#/lesson/adaptive-flushing?step=5&k.storage.iops=3000&x=flush-spikes', { viewport: { width: 1920, height: 1080 } });
  const title = page.locator('.experiment-panel h2').first();
  await expect.poll(() => title.textContent(), { timeout: 30_000 }).toBe('Load spikes on storage limited to ~3,000 pages/s');
  const present = page.getByRole('link', { name: 'Present this lesson' });
  expect(await present.getAttribute('href')).toBe('#/present/adaptive-flushing?step=5&k.storage.iops=3000&x=flush-spikes');
  await present.dispatchEvent('click');
  await expect.poll(() => page.locator('.presenter-count').textContent()).toBe('5 / 12');
  await expect.poll(() => title.textContent(), { timeout: 30_000 }).toBe('Load spikes on storage limited to ~3,000 pages/s');
  expect(await page.locator('.url-messages').count()).toBe(0);
  expect(await page.getByRole('link', { name: '✕ Exit' }).getAttribute('href')).toBe('#/lesson/adaptive-flushing?step=5&k.storage.iops=3000&x=flush-spikes');
  // Another slide shows its own experiment again.
  await page.keyboard.press('PageDown');
  await expect.poll(() => page.locator('.presenter-count').textContent()).toBe('6 / 12');
  await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/present/adaptive-flushing?step=6');

  // A slide with a follow-up experiment below its text: its card shows it in the panel (it
  // was a plain box, and x was refused, so the slide's 1.035x could not be shown).
  await page.evaluate(() => (location.hash = '#/present/aurora-reader?step=7'));
  await expect.poll(() => page.locator('.presenter-count').textContent(), { timeout: 20_000 }).toBe('7 / 12');
  const card = page.locator('.slide-experiment', { hasText: 'Existing k values: the writer (AHI on) against the reader (AHI off)' });
  // From the keyboard: the button leaves with its text, so focus goes to the panel it
  // fills (it dropped to <body>, and the next Tab started at the top bar).
  await card.getByRole('button', { name: /Show in the panel/ }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => title.textContent(), { timeout: 30_000 }).toBe('Existing k values: the writer (AHI on) against the reader (AHI off)');
  await expect.poll(() => card.textContent()).toContain('— in the panel');
  expect(await page.evaluate(() => document.activeElement?.className)).toBe('slide-panel');
  await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/present/aurora-reader?step=7&x=aurora-existing-ab');
  await page.keyboard.press('PageUp');
  await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/present/aurora-reader?step=6');
  expect(errors).toEqual([]);
});

test('embed: the title has the knob values it runs with, another experiment\'s knob is named as such, and the lesson link opens its step', async () => {
  const { page, errors } = await openPage('/#/embed/adaptive-flushing/flush-slow-cpu?k.server.cores=4');
  await expect.poll(() => page.title(), { timeout: 30_000 }).toBe('Slower CPUs, storage at ~3,000 pages/s (CPU cores: 4) · InnoDB Lab');
  expect(await page.getByRole('link', { name: /open the lesson in InnoDB Lab/ }).getAttribute('href')).toBe('#/lesson/adaptive-flushing?step=10&k.server.cores=4&x=flush-slow-cpu');
  // nothing still loading when the page goes away
  await page.waitForFunction(() => !document.querySelector('.player-bar button.play')?.hasAttribute('data-loading'), null, { timeout: 30_000 });
  expect(errors).toEqual([]);
  const other = await openPage('/#/embed/adaptive-flushing/flush-spikes?k.server.cores=4');
  await expect.poll(async () => (await other.page.locator('.notice-warn').allTextContents()).join(' '), { timeout: 30_000 }).toContain(
    'Knob "k.server.cores" belongs to another experiment of this lesson; this one\'s knobs: k.storage.iops. It was ignored.',
  );
  expect(other.errors).toEqual([]);
});

test('Step forward stops at a finished run\'s end (a link taken after more steps asked for a time past it)', async () => {
  const { page } = await openPage('/#/lesson/primary-keys?step=2');
  await waitForPanel(page);
  await runToEnd(page);
  const end = await settledTime(page);
  for (let i = 0; i < 3; i++) await page.keyboard.press('.');
  await page.waitForTimeout(1000);
  expect(await settledTime(page)).toBe(end);
  await page.keyboard.press(',');
  await expect.poll(() => simTime(page)).not.toBe(end);
});

test('a shared link reproduces step, knobs, seed and simulated time in a fresh page', async () => {
  const { page } = await openPage('/#/lesson/primary-keys?step=4&seed=9&k.workload.max_rows=1000000');
  await waitForPanel(page);
  await stepForward(page, 3);
  const t = await simTime(page);
  const tables = await tablesText(page);
  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.getByRole('textbox', { name: 'Link to this state' }).inputValue();
  expect(link).toMatch(/#\/lesson\/primary-keys\?step=4&seed=9&k\.workload\.max_rows=1000000&t=0\.75$/);

  const fresh = await openPage(link.replace(/^https?:\/\/[^/]+\//, '/'));
  await waitForPanel(fresh.page);
  await expect.poll(() => simTime(fresh.page), { timeout: 30_000 }).toBe(t);
  await expect.poll(() => tablesText(fresh.page)).toEqual(tables);
  expect(await fresh.page.locator('.step.is-current h2').textContent()).toBe('Same rows, two sizes');
  expect(await fresh.page.locator('#knob-seed').inputValue()).toBe('9');
  // The experiment's own speed is not written; another one is, and the link opens at it
  // (a slow-motion moment sent at 0.01× opened at the lesson's 0.001×), as does the embed.
  const speed = (p: typeof page) => p.locator('.player-bar select').first();
  expect(link).not.toContain('speed=');
  await speed(page).selectOption('0.01');
  await page.getByRole('button', { name: 'Copy link' }).click();
  const slow = page.getByRole('textbox', { name: 'Link to this state' });
  await expect.poll(() => slow.inputValue()).toMatch(/&t=0\.75&speed=0\.01$/);
  const atSpeed = await openPage((await slow.inputValue()).replace(/^https?:\/\/[^/]+\//, '/'));
  await waitForPanel(atSpeed.page);
  await expect.poll(() => speed(atSpeed.page).inputValue(), { timeout: 20_000 }).toBe('0.01');
  await page.getByRole('button', { name: 'Embed' }).click();
  await expect.poll(() => page.getByRole('textbox', { name: 'Embed snippet' }).inputValue()).toMatch(/\?seed=9&k\.workload\.max_rows=1000000&t=0\.75&speed=0\.01" title=/);
  // A speed the player does not offer is named with those it does; the lesson runs at its own.
  const badSpeed = await openPage('/#/lesson/primary-keys?step=4&speed=fast');
  await badSpeed.page.locator('.url-messages').waitFor({ timeout: 20_000 });
  expect(await badSpeed.page.locator('.url-messages').innerText()).toContain('Parameter "speed" must be one of 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, max (simulated seconds per second), got "fast"');
  await waitForPanel(badSpeed.page);
  expect(await speed(badSpeed.page).inputValue()).toBe('1');

  // A damaged link: the message names the parameter and the lesson still runs.
  const bad = await openPage('/#/lesson/primary-keys?step=4&t=lots&z=AAAA');
  await bad.page.locator('.url-messages').waitFor({ timeout: 20_000 });
  const msg = (await bad.page.locator('.url-messages').textContent()) ?? '';
  expect(msg).toContain('Parameter "z"');
  expect(msg).toContain('Parameter "t"');
  await waitForPanel(bad.page);
  await stepForward(bad.page, 1);
});

test('playground: the address holds what runs; a reload or a copied link opens and runs the same pair; bad parameters are named', async () => {
  const { page } = await openPage('/#/playground');
  const editor = page.getByRole('textbox', { name: 'Scenario JSON' });
  await expect.poll(async () => (await editor.inputValue()).length, { timeout: 20_000 }).toBeGreaterThan(10);
  await page.getByLabel('Start from').selectOption('file:pk-random.json');
  await expect.poll(async () => (JSON.parse(await editor.inputValue()) as { table: { name: string } }).table.name).toBe('test_random_PK');
  await page.getByLabel('Compare with a second configuration (A/B)').check();
  const threads = page.locator('.scenario-form #field-workload-threads');
  await threads.fill('4');
  await threads.press('Tab');
  await page.getByRole('button', { name: 'Run this scenario pair' }).click();
  await waitForPanel(page);
  await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/playground?from=file%3Apk-random.json&ab=1&b.workload.threads=4');
  await expect.poll(() => page.locator('.panel-head').innerText()).toMatch(/A: pk-random\.json · workload\.threads 15\b[\s\S]*B: pk-random\.json · workload\.threads 4\b/);
  await stepForward(page, 2);
  const t = await simTime(page);
  const tables = await tablesText(page);
  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.getByRole('textbox', { name: 'Link to this state' }).inputValue();
  // The link carries the simulated time (it opened at t = 0).
  expect(link).toMatch(/#\/playground\?from=file%3Apk-random\.json&ab=1&b\.workload\.threads=4&t=[\d.]+$/);

  // The link in a fresh page: the same starting point and change, run to the same time, the same numbers.
  const fresh = await openPage(link.replace(/^https?:\/\/[^/]+\//, '/'));
  await waitForPanel(fresh.page);
  const freshEditor = fresh.page.getByRole('textbox', { name: 'Scenario JSON' });
  expect((JSON.parse(await freshEditor.inputValue()) as { workload: { threads: number } }).workload.threads).toBe(4); // B is being edited
  await expect.poll(() => simTime(fresh.page), { timeout: 30_000 }).toBe(t);
  expect(await tablesText(fresh.page)).toEqual(tables);
  // Still B's text: the engine's defaults arriving later put A's over it (threads 15).
  expect((JSON.parse(await freshEditor.inputValue()) as { workload: { threads: number } }).workload.threads).toBe(4);
  // A run the reader starts opens at t = 0, not at the link's time.
  await fresh.page.getByRole('button', { name: 'Run this scenario pair' }).click();
  await expect.poll(() => simTime(fresh.page), { timeout: 30_000 }).toBe('0 µs');
  // A link that changes only A opens with A's text in the editor (it opened B's, so the
  // change shared was not on screen; QA).
  const onlyA = await openPage('/#/playground?from=file%3Apk-random.json&ab=1&a.workload.threads=6');
  const onlyAEditor = onlyA.page.getByRole('textbox', { name: 'Scenario JSON' });
  await expect.poll(async () => ((await onlyAEditor.inputValue()).length > 10 ? (JSON.parse(await onlyAEditor.inputValue()) as { workload: { threads: number } }).workload.threads : 0), { timeout: 30_000 }).toBe(6);

  // Bad parameters: each named with what is allowed; the page opens the defaults and runs.
  const bad = await openPage('/#/playground?from=file:nope.json&rows=-5&a.seed=7');
  await bad.page.locator('.url-messages').waitFor({ timeout: 20_000 });
  const msg = await bad.page.locator('.url-messages').innerText();
  expect(msg).toContain('Parameter "from" must name a starting point of the playground (defaults, lesson:<lesson>/<experiment> or file:<scenario file>), got "file:nope.json"');
  expect(msg).toContain('Parameter "rows" is not a playground setting (allowed: from, ab, t, a.<field path>, b.<field path>)');
  await waitForPanel(bad.page);
  expect((JSON.parse(await bad.page.getByRole('textbox', { name: 'Scenario JSON' }).inputValue()) as { seed: number }).seed).toBe(42);
  await stepForward(bad.page, 1);

  // A value the engine refuses is named as the link's parameter in the notice on screen
  // (the field list sat two screens below the fold, under an idle panel).
  const refused = await openPage('/#/playground?from=file:pk-random.json&a.workload.threads=-5');
  const note = refused.page.locator('.url-messages');
  await expect.poll(async () => ((await note.count()) ? await note.innerText() : ''), { timeout: 20_000 }).toContain(
    'Parameter "a.workload.threads" must be an integer from 1 to 4096, got -5; fix it in the form and press “Run this scenario”.',
  );
  expect(await note.evaluate((e) => e.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
  // A pair wrong on both sides names both (B's went unsaid until A's was fixed).
  const both = await openPage('/#/playground?from=file:pk-random.json&ab=1&a.workload.threads=5000&b.server.cores=0');
  const bothNote = both.page.locator('.url-messages');
  await expect.poll(async () => ((await bothNote.count()) ? await bothNote.innerText() : ''), { timeout: 20_000 }).toContain('Parameter "b.server.cores" must be');
  expect(await bothNote.innerText()).toContain('Parameter "a.workload.threads" must be an integer from 1 to 4096, got 5000; fix it in the form and press “Run this scenario pair”.');
  expect(await both.page.locator('.run-problems').innerText()).toMatch(/A: workload\.threads[\s\S]*B: server\.cores/);
  // Its heading says so (it said the settings were "ignored", over a form holding -5), and
  // the field list scrolled into view sits above the notice, not under it.
  expect(await note.locator('strong').first().innerText()).toBe('The scenario in the address was not run:');
  const list = refused.page.locator('.run-problems');
  await expect.poll(() => list.innerText(), { timeout: 10_000 }).toContain('workload.threads');
  await refused.page.waitForTimeout(300);
  const [listBottom, noteTop] = [await list.evaluate((e) => e.getBoundingClientRect().bottom), await note.evaluate((e) => e.getBoundingClientRect().top)];
  expect(listBottom, `list ends at ${listBottom}, the notice starts at ${noteTop}`).toBeLessThanOrEqual(noteTop);
});

test('embed page: one experiment, no site chrome; the lesson gives a snippet for it', async () => {
  const { page } = await openPage('/#/lesson/primary-keys?step=4');
  await waitForPanel(page);
  await page.getByRole('button', { name: 'Embed' }).click();
  const snippet = await page.getByRole('textbox', { name: 'Embed snippet' }).inputValue();
  expect(snippet).toMatch(/^<iframe src="http:\/\/[^"]+#\/embed\/primary-keys\/seq-vs-random" title="InnoDB Lab: [^"]+" width="960" height="720"/);

  const src = /src="([^"]+)"/.exec(snippet)![1];
  const embed = await openPage(src.replace(/^https?:\/\/[^/]+\//, '/'), { viewport: { width: 960, height: 720 } });
  await waitForPanel(embed.page);
  expect(await embed.page.locator('.site-header').count()).toBe(0);
  expect(await embed.page.locator('.experiment-panel h2').textContent()).toBe('Sequential vs random primary key');
  // The lesson at the experiment's own step (it opened step 1 beside unrelated text).
  expect(await embed.page.getByRole('link', { name: /open the lesson in InnoDB Lab/ }).getAttribute('href')).toMatch(/#\/lesson\/primary-keys\?step=4&.*x=seq-vs-random$/);
  // At the top of the embed, not below the whole panel (3 to 6 screens down a small iframe).
  const credit = await embed.page.getByRole('link', { name: /open the lesson in InnoDB Lab/ }).boundingBox();
  const player = await embed.page.locator('.player-bar').first().boundingBox();
  expect(credit!.y).toBeLessThan(player!.y);
  await stepForward(embed.page, 1);
  const width = await embed.page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(960);
  // The knobs fold to one line that lists their values, so the first view starts in the
  // frame's upper half (the open knobs pushed it to ~330 px); opened, they work as ever.
  const fold = embed.page.locator('.knobs-fold > summary');
  expect(await fold.textContent()).toBe('Knobs · Rows to insert 200000 · Random seed 42');
  const slider = embed.page.getByRole('slider', { name: 'Rows to insert' });
  expect(await slider.isVisible()).toBe(false);
  expect(await embed.page.locator('.panel-views h3').first().evaluate((e) => e.getBoundingClientRect().top)).toBeLessThan(300);
  await fold.click();
  await expect.poll(() => slider.isVisible()).toBe(true);
  await screenshot('classroom-embed-960x720', embed.page, { fullPage: false });

  // Like a copied link, the snippet carries the simulated time the reader stopped at:
  // the embed opens at the same moment (the snippet had no time at all).
  await stepForward(page, 2);
  const t = await simTime(page);
  expect(t).toBe('500.0 ms');
  await page.getByRole('button', { name: 'Embed' }).click();
  const box = page.getByRole('textbox', { name: 'Embed snippet' });
  await expect.poll(() => box.inputValue()).not.toBe(snippet); // the copy is asynchronous
  const laterSrc = /src="([^"]+)"/.exec(await box.inputValue())![1];
  expect(laterSrc).toMatch(/#\/embed\/primary-keys\/seq-vs-random\?t=0\.5$/);
  // Escape closes the snippet's box (only its Close link did), focus back on Embed.
  await box.focus();
  await page.keyboard.press('Escape');
  await expect.poll(() => box.count()).toBe(0);
  expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Embed');
  const atT = await openPage(laterSrc.replace(/^https?:\/\/[^/]+\//, '/'), { viewport: { width: 960, height: 720 } });
  await waitForPanel(atT.page);
  await expect.poll(() => simTime(atT.page), { timeout: 30_000 }).toBe(t);

  // A lesson link's step and x mean nothing to an embed: named as unused, not as a bad value
  // ('"step" must be a step number from 1 to 1').
  const stepped = await openPage('/#/embed/primary-keys/seq-vs-random?step=2&x=rnd-slowmo');
  const note = stepped.page.locator('.notice-warn');
  await note.waitFor({ timeout: 20_000 });
  expect(await note.textContent()).toContain('Parameter "step" is not used here: an embed shows one experiment, not the lesson\'s steps.');
  expect(await note.textContent()).toContain('Parameter "x" is not used here: an embed shows the experiment its address names.');

  const missing = await openPage('/#/embed/primary-keys/nope');
  await expect.poll(() => missing.page.locator('.not-found').textContent()).toContain('has no experiment “nope”');
});

test('exports: PNG and SVG of a view, series CSV, and a scenario JSON the native CLI reproduces', async () => {
  const { page } = await openPage('/#/lesson/primary-keys?step=4&k.workload.max_rows=1000000');
  await waitForPanel(page);
  // Before the first sample the CSV is off, and the menu says why (it was only greyed out)
  const menu = page.locator('.export-menu').first();
  await menu.locator('summary').click();
  expect(await menu.getByRole('button', { name: 'Series CSV', exact: true }).isDisabled()).toBe(true);
  expect(await menu.textContent()).toContain('no samples yet (one every 100 ms of simulated time)');
  await stepForward(page, 2); // t = 0.5 s
  // Pressing the player's buttons, outside the menu, closed it (a popover's way).
  expect(await menu.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
  await menu.locator('summary').click();
  await expect.poll(() => menu.getByRole('button', { name: 'Series CSV', exact: true }).isEnabled()).toBe(true);
  expect(await menu.textContent()).not.toContain('no samples yet');
  expect(await simTime(page)).toBe('500.0 ms');

  const png = await exportFile(page, 'PNG', 'B+tree (clustered index)');
  expect(png.name).toBe('sequential-vs-random-primary-key-b-tree-clustered-index.png');
  // The menu says what it saved (a download showed nowhere on a phone).
  expect(await menu.locator('.export-saved').innerText()).toBe('Saved sequential-vs-random-primary-key-b-tree-clustered-index.png to your downloads.');
  expect([...png.data.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.data.readUInt32BE(16)).toBeGreaterThan(400); // width (2× the section)
  // The strip's pointer hint is for the screen: an image said "Drag across the strip to zoom".
  // It gives up its room too: the image is as tall as the section without its hint lines
  // (plus the caption's line), with no blank line above the legend.
  const section = page.locator('section.view-row[aria-label="B+tree (clustered index)"]').first();
  const [onScreen, without] = await section.evaluate((e) => {
    const full = e.getBoundingClientRect().height;
    const hints = [...e.querySelectorAll<HTMLElement>('[data-no-export]')];
    hints.forEach((h) => (h.style.display = 'none'));
    const less = e.getBoundingClientRect().height;
    hints.forEach((h) => (h.style.display = ''));
    return [full, less];
  });
  expect(onScreen - without).toBeGreaterThan(15);
  const tree = (await exportFile(page, 'SVG', 'B+tree (clustered index)')).data.toString('utf8');
  expect(tree).toContain('B+tree (clustered index)');
  expect(tree).not.toContain('Drag across the strip');
  const height = Number(/<svg[^>]* height="(\d+)"/.exec(tree)?.[1]);
  expect(height, `on screen ${onScreen}`).toBe(Math.ceil(without) + 24 + 2 * EXPORT_MARGIN_PX);
  // A margin all round: the view's own coordinates start EXPORT_MARGIN_PX in (a chart's title touched the edge).
  expect(tree).toMatch(new RegExp(`<svg[^>]* viewBox="-${EXPORT_MARGIN_PX} -${EXPORT_MARGIN_PX} `));
  // The page keeps its hint.
  expect(await section.locator('[data-no-export]').first().isVisible()).toBe(true);

  const svg = await exportFile(page, 'SVG', 'Buffer pool');
  const svgText = svg.data.toString('utf8');
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return { error: doc.querySelector('parsererror')?.textContent ?? null, root: doc.documentElement.tagName, images: doc.querySelectorAll('image').length, texts: doc.querySelectorAll('text').length };
  }, svgText);
  expect(parsed.error).toBeNull();
  expect(parsed.root).toBe('svg');
  expect(parsed.images + parsed.texts).toBeGreaterThan(2);
  expect(svgText).toContain('Buffer pool');
  // which run and what time, under the view (an image pasted into slides said neither)
  expect(svgText).toContain('>Sequential vs random primary key · t = 500.0 ms · InnoDB Lab, simulated</text>');

  // A chart's legend is a label and its latest value in one line: each text where the
  // page draws it (they were both placed at the line's left edge, one over the other),
  // and the legend swatches as boxes.
  const chart = (await exportFile(page, 'SVG', 'Page splits per second')).data.toString('utf8');
  const legend = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const texts = [...doc.querySelectorAll(':root > text')].map((t) => ({ x: Number(t.getAttribute('x')), y: Number(t.getAttribute('y')), s: t.textContent ?? '' }));
    const label = texts.find((t) => t.s === 'A: Sequential INT id');
    const next = texts.find((t) => t.s === 'B: Random VARCHAR(26) id');
    // A's latest value ("2.52k splits/s"), between A's label and B's on the legend line
    const value = texts.find((t) => label && next && t.y === label.y && t.x > label.x && t.x < next.x && /\d/.test(t.s));
    return { label, value, sameSpot: texts.some((a, i) => texts.some((b, j) => i < j && a.x === b.x && a.y === b.y)) };
  }, chart);
  expect(legend.label).toBeDefined();
  expect(legend.value!.x).toBeGreaterThan(legend.label!.x + 100);
  expect(legend.sameSpot).toBe(false);

  // The counters as on screen: names and numbers, not the descriptions kept for screen
  // readers (drawn one word per line over the names, they made the table unreadable).
  const counters = (await exportFile(page, 'SVG', 'Counters')).data.toString('utf8');
  expect(counters).toContain('>Innodb<');
  expect(counters).toContain('>Counters<');
  // Innodb_buffer_pool_read_requests' description begins "Logical page reads"
  expect(counters).not.toContain('Logical');

  const csv = (await exportFile(page, 'Series CSV')).data.toString('utf8').trim().split('\n');
  const header = csv[0].split(',');
  expect(header.slice(0, 4)).toEqual(['run', 't_s', 'qps', 'inserts_per_s']);
  const cell = (v: string) => (v === '' ? NaN : Number(v));
  const rowsA = csv.slice(1).filter((l) => l.startsWith('A: Sequential INT id,')).map((l) => l.split(',').slice(1).map(cell));
  expect(rowsA.length).toBeGreaterThanOrEqual(4);
  // Every cell a number, or empty where a sample has no value (e.g. the AHI's hit ratio
  // with the AHI off): a spreadsheet read "NaN" as text.
  expect(csv.some((l) => l.split(',').includes('NaN'))).toBe(false);
  expect(rowsA.every((r) => r.length === header.length - 1 && r.every((v) => Number.isFinite(v) || Number.isNaN(v)))).toBe(true);
  expect(rowsA.some((r) => r.slice(1).some((v) => Number.isFinite(v) && v > 0))).toBe(true);

  // Scenario A as JSON -> the native CLI, run to the same 0.5 s, prints the same rows.
  const json = await exportFile(page, 'Scenario A JSON');
  expect(json.name).toBe('sequential-vs-random-primary-key-a.json');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'innodb-lab-export-'));
  const file = path.join(dir, json.name);
  fs.writeFileSync(file, json.data);
  const out = execFileSync('cargo', ['run', '--quiet', '--release', '--bin', 'innodb-sim', '--', 'run', file, '--csv', '--until', '0.5'], {
    cwd: path.join(ROOT, 'engine-wasm'),
    encoding: 'utf8',
    timeout: 600_000,
  });
  const cli = out.trim().split('\n');
  expect(cli[0].split(',')).toEqual(header.slice(1));
  // the CLI prints full precision; the export rounds each cell as csvNumber does
  const cliRows = cli.slice(1).map((l) => l.split(',').map((v) => cell(csvNumber(Number(v)))));
  expect(cliRows.slice(0, rowsA.length)).toEqual(rowsA);
  fs.rmSync(dir, { recursive: true, force: true });
}, 660_000);

test('quiz: a prediction is graded after the run, remembered, and summed up at the end', async () => {
  const { page } = await openPage('/#/lesson/primary-keys?step=2');
  await waitForPanel(page);
  const quiz = page.locator('.quiz').first();
  await lockPrediction(quiz, /About 94% full/);
  await expect.poll(() => quiz.textContent()).toContain('to the end to check it');
  // The locked pick is named on its choice (greyed with the rest, it was a shade darker).
  expect(await quiz.locator('.quiz-choice.is-picked').innerText()).toMatch(/^About 94% full.*← your prediction$/s);
  expect(await quiz.locator('.quiz-mark').count()).toBe(1);
  // Until the run, the summary does not tell whether it held either (it showed "✓ held").
  const summary = page.locator('.lesson-summary-box');
  await expect.poll(() => summary.textContent()).toMatch(/No prediction checked yet \(4 not answered yet, 1 still to check by a run\)/);
  expect(await summary.textContent()).toContain('you said “About 94% full (15/16)”; run “Sequential ids in slow motion” to check it');
  expect(await summary.textContent()).not.toContain('✓ held');
  await runToEnd(page);
  await expect.poll(() => quiz.locator('.quiz-result').textContent()).toContain('Your prediction held.');
  await expect.poll(() => summary.textContent()).toMatch(/1 of 5 predictions held \(4 not answered yet\)/);
  expect(await summary.textContent()).toContain('✓ held');
  expect(await summary.textContent()).toContain('Experiments run to the end: 1 of');

  await page.reload();
  await waitForPanel(page);
  const again = page.locator('.quiz').first();
  await expect.poll(() => again.locator('.quiz-result').textContent()).toContain('Your prediction held.');
  expect(await again.getByRole('radio', { name: /About 94% full/ }).isChecked()).toBe(true);
  // A wrong prediction on the next quiz is graded as such once revealed.
  const second = page.locator('.quiz').nth(1);
  await second.getByRole('radio').first().check();
  await second.getByRole('button', { name: 'Lock in my prediction' }).click();
  await second.getByRole('button', { name: 'Reveal the answer' }).click();
  await expect.poll(() => second.locator('.quiz-result').textContent()).toContain('Not quite.');
  await expect.poll(() => summary.textContent()).toMatch(/1 of 5 predictions held \(3 not answered yet\)/);
  // Revealed without a prediction: no prediction can be locked in after seeing the answer.
  const third = page.locator('.quiz').nth(2);
  await third.getByRole('button', { name: 'Reveal the answer' }).click();
  await expect.poll(() => third.locator('.quiz-result').count()).toBe(1);
  expect(await third.getByRole('button', { name: 'Lock in my prediction' }).count()).toBe(0);
  expect(await third.getByRole('radio').first().isDisabled()).toBe(true);
  // The home page's card for the lesson says how far the reader got.
  await page.goto(page.url().replace(/#.*$/, '#/'));
  const card = page.locator('a.lesson-card', { hasText: 'Primary keys' });
  await expect.poll(() => card.locator('.lesson-card-progress').textContent()).toMatch(/2 of 5 predictions made \(1 held\) · 1 of \d+ experiments run/);
  await page.goBack();
  await waitForPanel(page);
  await summary.getByRole('button', { name: 'Start this lesson over' }).click();
  await expect.poll(() => summary.textContent()).toMatch(/No prediction checked yet \(5 not answered yet\)/);
  // Three page loads, a run to the end and the home page: on a loaded 2-core machine the whole
  // took more than the default 60 s once (each wait in it has its own bound).
}, 120_000);

test('quiz: a prediction locked after running the experiment waits for the next run', async () => {
  const { page } = await openPage('/#/lesson/primary-keys?step=2');
  await waitForPanel(page);
  const quiz = page.locator('.quiz').first();
  // Run first, predict after: locking showed the answer at once.
  await runToEnd(page);
  await lockPrediction(quiz, /About 94% full/);
  await expect.poll(() => quiz.textContent()).toContain('again to check it: Replay runs it from the start.');
  expect(await quiz.locator('.quiz-result').count()).toBe(0);
  // The next run to the end checks it: the finished run's play button is Replay (it was
  // disabled, and nothing said to press Reset first).
  const speed = page.locator('.player-bar select').first();
  const end = await simTime(page);
  const replayed = async (start: () => Promise<void>) => {
    // A moment after the end: within 400 ms of it, a press is taken as the Pause it was
    // aimed at, and does nothing (tests/web/player.test.ts).
    await page.waitForTimeout(500);
    // In slow motion, so the replay is seen under way (from t = 0, playing), then at max to its end.
    await speed.selectOption('0.001');
    await start();
    await page.getByRole('button', { name: 'Pause', exact: true }).first().waitFor();
    // Playing shows at once; the clock leaves the end once the engine is back at t = 0
    // (a restore, a few ms later: read at once, it failed on a loaded machine).
    await expect.poll(() => simTime(page)).not.toBe(end);
    expect(await page.locator('.badge', { hasText: 'run complete' }).count()).toBe(0);
    await speed.selectOption('max');
    await page.locator('.badge', { hasText: 'run complete' }).waitFor({ timeout: 60_000 });
    expect(await simTime(page)).toBe(end);
  };
  const replay = page.getByRole('button', { name: 'Replay', exact: true }).first();
  expect(await replay.isEnabled()).toBe(true);
  await replayed(() => replay.click());
  await expect.poll(() => quiz.locator('.quiz-result').textContent()).toContain('Your prediction held.');
  // Space on a finished run replays it too.
  await replayed(async () => {
    await page.locator('.experiment-panel h2').first().click();
    await page.keyboard.press('Space');
  });
});

test('quiz: a prediction locked after a run still waits for a run after a reload', async () => {
  // It showed its result on the next visit: the run before the lock counted.
  const { page } = await openPage('/#/lesson/primary-keys?step=2');
  await waitForPanel(page);
  await runToEnd(page);
  const quiz = page.locator('.quiz').first();
  await lockPrediction(quiz, /About 94% full/);
  await expect.poll(() => quiz.textContent()).toContain('again to check it');
  await page.reload();
  await waitForPanel(page);
  const again = page.locator('.quiz').first();
  await expect.poll(() => again.textContent()).toContain('to check it');
  expect(await again.locator('.quiz-result').count()).toBe(0);
  await expect.poll(() => page.locator('.lesson-summary-box').textContent()).toMatch(/No prediction checked yet \(4 not answered yet, 1 still to check by a run\)/);
  // A run in this visit checks it.
  await page.locator('.player-bar select').first().selectOption('max');
  await play(page);
  await expect.poll(() => again.locator('.quiz-result').textContent(), { timeout: 60_000 }).toContain('Your prediction held.');
  await expect.poll(() => page.locator('.lesson-summary-box').textContent()).toMatch(/1 of 5 predictions held \(4 not answered yet\)/);
});

test('presenter: a slide about one view opens with its panel scrolled to that view', async () => {
  // "Same rows, two sizes" is about the size table: it sat ~7 screens down the presenter's
  // panel. Adaptive-flushing slide 7 is about a chart under the A/B redo views, which line
  // up a moment after they load: the chart slid 60 px under the bar after it was placed.
  const cases: [string, string, { width: number; height: number }][] = [
    ['/#/present/primary-keys?step=4', '[data-view="sizes"]', { width: 1920, height: 1080 }],
    ['/#/present/primary-keys?step=4', '[data-view="sizes"]', { width: 1280, height: 720 }],
    ['/#/present/adaptive-flushing?step=7', '[data-chart="flushed_pages_per_s"]', { width: 1920, height: 1080 }],
  ];
  for (const [url, view, viewport] of cases) {
    const { page } = await openPage(url, { viewport });
    await page.locator('.slide-panel .player-bar').waitFor({ timeout: 30_000 });
    const where = () =>
      page.evaluate((sel) => {
        const b = document.querySelector('.slide-panel')!.getBoundingClientRect();
        const bar = document.querySelector('.slide-panel .player-bar')!.getBoundingClientRect();
        const v = document.querySelector(`.slide-panel ${sel}`)?.getBoundingClientRect();
        return !!v && v.top >= bar.bottom - 1 && v.top < b.top + b.height / 2;
      }, view);
    await expect.poll(where, { timeout: 30_000, message: url }).toBe(true);
    // and it stays there once everything has settled
    await page.waitForTimeout(1000);
    expect(await where(), url).toBe(true);
    await page.close();
  }
  // A slide whose simulation takes seconds to start (two 2M-row tables, a slow CPU): the
  // scroll gave up after ~2 s and left the panel at its top.
  const slow = await openPage('/#/present/ahi-latch-contention?step=6', { viewport: { width: 1280, height: 720 }, cpuThrottle: 4 });
  const threadsPlaced = () =>
    slow.page.evaluate(() => {
      const b = document.querySelector('.slide-panel')!.getBoundingClientRect();
      const bar = document.querySelector('.slide-panel .player-bar')?.getBoundingClientRect();
      const v = document.querySelector('.slide-panel [data-view="threads"]')?.getBoundingClientRect();
      return !!bar && !!v && v.top >= bar.bottom - 1 && v.top < b.top + b.height / 2;
    });
  await expect.poll(threadsPlaced, { timeout: 30_000 }).toBe(true);
  await slow.page.close();
  // A slide about one counter: its row, ~27th of the table, is just under the bar, outlined
  // (the slide showed the table's top, the row the notes quote below the fold).
  const counter = await openPage('/#/present/aurora-reader?step=6', { viewport: { width: 1280, height: 900 } });
  const rowPlaced = () =>
    counter.page.evaluate(() => {
      const b = document.querySelector('.slide-panel')!.getBoundingClientRect();
      const bar = document.querySelector('.slide-panel .player-bar')?.getBoundingClientRect();
      const row = document.querySelector('.slide-panel [data-counter="adaptive_hash_pages_added"]');
      const r = row?.getBoundingClientRect();
      return !!bar && !!r && r.top >= bar.bottom - 1 && r.top < b.top + b.height / 2 && row!.hasAttribute('data-focused');
    });
  await expect.poll(rowPlaced, { timeout: 30_000 }).toBe(true);
  // The row names its columns itself: the table's header is ~27 rows above, under the bar.
  const colNames = await counter.page.locator('.slide-panel [data-counter="adaptive_hash_pages_added"] td').evaluateAll((tds) => tds.map((td) => getComputedStyle(td, '::before').content));
  expect(colNames).toEqual(['"A: Writer (AHI ON, in effect ON)"', '"B: Reader (AHI ON in the parameter group, in effect OFF)"', '"B ÷ A"']);
  // Another theme resizes the views: the row is brought back under the bar (T left the
  // focused view under it).
  const theme = () => counter.page.evaluate(() => document.documentElement.dataset.theme);
  const before = await theme();
  await counter.page.keyboard.press('t');
  await expect.poll(theme).not.toBe(before);
  await counter.page.waitForTimeout(500);
  await expect.poll(rowPlaced, { timeout: 10_000 }).toBe(true);
  await counter.page.close();
  // Reached with PageDown from the slide before, it scrolls there too.
  const { page } = await openPage('/#/present/primary-keys?step=3', { viewport: { width: 1920, height: 1080 } });
  await waitForPanel(page);
  await page.keyboard.press('PageDown');
  await expect.poll(() => page.locator('.presenter-count').textContent()).toBe('4 / 11');
  const top = () => page.evaluate(() => {
    const b = document.querySelector('.slide-panel')!.getBoundingClientRect();
    const v = document.querySelector('.slide-panel [data-view="sizes"]')!.getBoundingClientRect();
    return v.top - b.top;
  });
  await expect.poll(async () => (await top()) < 300, { timeout: 10_000 }).toBe(true);
});

test('phone (390×844): scrolling down to the panel past later steps keeps the experiment of the step being read', async () => {
  const { page } = await openPage('/#/lesson/primary-keys?step=4', { viewport: { width: 390, height: 844 } });
  await waitForPanel(page);
  const title = () => page.locator('.experiment-panel h2').first().textContent();
  expect(await title()).toBe('Sequential vs random primary key');
  // A step of the simulation with the key: the Step button's click would scroll to the panel.
  const t0 = await simTime(page);
  await page.keyboard.press('.');
  await expect.poll(() => simTime(page)).not.toBe(t0);
  const t = await settledTime(page);
  // Down to the panel with the wheel, past steps 5 to 11 (it became step 9's experiment,
  // and a run there was lost on the way back up).
  const panelTop = () => page.evaluate(() => document.getElementById('experiment-panel')!.getBoundingClientRect().top);
  expect(await panelTop()).toBeGreaterThan(3000);
  for (let i = 0; i < 80 && (await panelTop()) > 200; i++) {
    await page.mouse.wheel(0, 500);
    await page.waitForTimeout(60);
  }
  expect(await panelTop()).toBeLessThanOrEqual(200);
  await page.waitForTimeout(1500);
  expect(await title()).toBe('Sequential vs random primary key');
  expect(await simTime(page)).toBe(t);
  expect(await page.getByRole('link', { name: /^↑ Back to step / }).textContent()).toBe('↑ Back to step 4: Same rows, two sizes');
  // A step the reader stays on, with the panel out of sight, is the panel's next.
  await page.evaluate(() => document.querySelectorAll('section.step')[2].scrollIntoView({ block: 'start' }));
  await expect.poll(title, { timeout: 10_000 }).toBe('Random ids in slow motion');
});

test('phone (390×844): "Go to the experiment ↓" tapped at once on a step leads back to that step, not to the one the panel had', async () => {
  // A quick fling down to step 3 and a tap: the panel had not taken step 3 yet (it waits
  // for the reader to stay a moment), and "↑ Back to step 1" sent them to the top.
  const { page } = await openPage('/#/lesson/primary-keys', { viewport: { width: 390, height: 844 }, touch: true });
  await waitForPanel(page);
  await page.evaluate(() => document.querySelectorAll('section.step')[2].scrollIntoView({ block: 'start' }));
  await page.locator('section.step').nth(2).locator('a.to-panel').first().dispatchEvent('click');
  const back = page.getByRole('link', { name: /^↑ Back to step / });
  await expect.poll(() => back.textContent()).toBe('↑ Back to step 3: Inserting at random');
  await expect.poll(() => page.locator('.experiment-panel h2').first().textContent()).toBe('Random ids in slow motion');
  await back.dispatchEvent('click');
  await expect.poll(() => page.evaluate(() => document.querySelectorAll('section.step')[2].getBoundingClientRect().top)).toBeLessThan(200);
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#\/lesson\/primary-keys\?step=3/);
});

test('phone (390×844): the lesson reads in one column, the panel below the text, nothing wider than the screen', async () => {
  const { page } = await openPage('/#/lesson/primary-keys?step=4', { viewport: { width: 390, height: 844 } });
  await waitForPanel(page);
  const layout = await page.evaluate(() => {
    const text = document.querySelector('.lesson-narrative')!.getBoundingClientRect();
    const panel = document.querySelector('.lesson-panel')!.getBoundingClientRect();
    return { scrollWidth: document.documentElement.scrollWidth, panelBelow: panel.top >= text.bottom - 1, panelWidth: panel.width };
  });
  expect(layout.scrollWidth).toBeLessThanOrEqual(390);
  expect(layout.panelBelow).toBe(true);
  expect(layout.panelWidth).toBeGreaterThan(340);
  await screenshot('classroom-phone-lesson-390x844', page, { fullPage: false });
  await page.locator('.lesson-panel').scrollIntoViewIfNeeded();
  await screenshot('classroom-phone-panel-390x844', page, { fullPage: false });
  // The ~60 counter rows start folded here (2,000 px between one step and the next); a tap shows them.
  const fold = page.locator('[data-view="metrics"] details.counters-fold');
  expect(await fold.locator('summary').textContent()).toMatch(/^Show the counters \(\d+ rows, A and B side by side\)$/);
  const row = page.locator('[data-view="metrics"] tr[data-counter="Innodb_rows_inserted"]');
  expect(await row.isVisible()).toBe(false);
  const shut = await page.evaluate(() => document.querySelector('.lesson-panel')!.getBoundingClientRect().height);
  await fold.locator('summary').dispatchEvent('click');
  await expect.poll(() => row.isVisible()).toBe(true);
  expect(await fold.locator('summary').textContent()).toBe('Hide the counters');
  expect(await page.evaluate(() => document.querySelector('.lesson-panel')!.getBoundingClientRect().height)).toBeGreaterThan(shut + 500);
  await fold.locator('summary').dispatchEvent('click');
  await expect.poll(() => row.isVisible()).toBe(false);
  // From the panel, after every step, a link leads back up to the step being read.
  const back = page.getByRole('link', { name: /^↑ Back to step 4: / });
  expect(await back.isVisible()).toBe(true);
  await back.click();
  await expect.poll(() => page.locator('section.step.is-current h2').evaluate((e) => Math.round(e.getBoundingClientRect().top)), { timeout: 10_000 }).toBeLessThan(150);
  expect(await page.locator('section.step.is-current h2').textContent()).toBe('Same rows, two sizes');
  const present = await openPage('/#/present/primary-keys?step=2', { viewport: { width: 390, height: 844 } });
  await waitForPanel(present.page);
  expect(await present.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot('classroom-phone-presenter-390x844', present.page, { fullPage: false });
  // The panel is under the slide's text here: the slide's experiment card leads down to it.
  const down = present.page.getByRole('button', { name: 'Go to the experiment ↓' });
  expect(await down.isVisible()).toBe(true);
  await down.dispatchEvent('click');
  await expect.poll(() => present.page.locator('.slide-panel').evaluate((e) => Math.round(e.getBoundingClientRect().top))).toBeLessThan(5);
  // Every lesson's text, its sources included (long InnoDB function names), fits the width.
  const ids = fs
    .readdirSync(path.join(ROOT, 'lessons'))
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .map((f) => f.replace(/\.md$/, ''));
  expect(ids.length).toBeGreaterThanOrEqual(6);
  for (const id of ids) {
    await page.goto(page.url().replace(/#.*$/, `#/lesson/${id}`));
    await page.locator('.sources').waitFor();
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect({ id, wide }).toEqual({ id, wide: Math.min(wide, 390) });
  }
});

test('offline zip: unzipped and served by a plain static server, the site runs', async () => {
  const zip = path.join(ROOT, 'web/innodb-lab-site.zip');
  expect(fs.existsSync(zip)).toBe(true);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'innodb-lab-zip-'));
  execFileSync('unzip', ['-q', zip, '-d', dir]);
  expect(fs.existsSync(path.join(dir, 'innodb-lab/index.html'))).toBe(true);
  const server = await startStaticServer(path.join(dir, 'innodb-lab'), 0);
  // Its own context: the harness's pages only talk to the site under test.
  const context = await (await launchBrowser()).newContext();
  const errors: string[] = [];
  try {
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('response', (r) => r.status() >= 400 && errors.push(`HTTP ${r.status()} ${r.url()}`));
    await page.goto(`${server.url}#/lesson/primary-keys?step=4`);
    await waitForPanel(page);
    const before = await counter(page, 'Innodb_rows_inserted');
    await stepForward(page, 2);
    expect((await counter(page, 'Innodb_rows_inserted'))[0]).toBeGreaterThan(before[0] ?? 0);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('opened as a file (file://), the page says why it cannot start and what to do', async () => {
  const context = await (await launchBrowser()).newContext();
  try {
    const page = await context.newPage();
    const dist = path.resolve(ROOT, process.env.E2E_DIST ?? 'web/dist');
    await page.goto(`file://${path.join(dist, 'index.html')}`);
    // The browser refuses the module scripts from a file: the page was blank.
    const help = page.locator('.boot-help');
    await expect.poll(() => help.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await help.textContent()).toMatch(/InnoDB Lab could not start\. Open it through a web server, not as a file/);
  } finally {
    await context.close();
  }
  // Served, the app replaces that text at once.
  const { page } = await openPage('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(await page.locator('.boot-help').count()).toBe(0);
});

test('offline cache: the first visit\'s own tab runs a lesson with the network off once it says "Saved"', async () => {
  const { page, context } = await openPage('/', { serviceWorkers: 'allow', allowErrors: [/ERR_INTERNET_DISCONNECTED/] });
  await expect.poll(() => page.locator('.offline-status').textContent(), { timeout: 30_000 }).toMatch(/^Saved in this browser/);
  // The tab that installed the offline copy is served by it (it was not: the lesson's code
  // failed to download, though the page had just said it works with no network).
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 10_000 }).toBe(true);
  const badge = page.locator('.site-header .offline-badge');
  expect(await badge.count()).toBe(0);
  await context.setOffline(true);
  await page.evaluate(() => (location.hash = '#/lesson/primary-keys?step=4'));
  await waitForPanel(page);
  // The header says so on every page, and that the saved copy serves them.
  await expect.poll(() => badge.textContent()).toBe('Offline · saved copy: No network: every page runs from the copy saved in this browser.');
  const before = await counter(page, 'Innodb_rows_inserted');
  await stepForward(page, 2);
  expect((await counter(page, 'Innodb_rows_inserted'))[0]).toBeGreaterThan(before[0] ?? 0);
  await context.setOffline(false);
  await expect.poll(() => badge.count()).toBe(0);
});

test('offline with no saved copy: the header says pages not opened yet will not load; the open lesson keeps running', async () => {
  const { page, context } = await openPage('/#/lesson/primary-keys?step=4');
  await waitForPanel(page);
  await context.setOffline(true);
  const badge = page.locator('.site-header .offline-badge');
  await expect.poll(() => badge.textContent()).toBe('Offline: No network, and no copy of the site saved in this browser: pages not opened yet will not load.');
  const before = await counter(page, 'Innodb_rows_inserted');
  await stepForward(page, 2);
  expect((await counter(page, 'Innodb_rows_inserted'))[0]).toBeGreaterThan(before[0] ?? 0);
  await context.setOffline(false);
  await expect.poll(() => badge.count()).toBe(0);
});

test('offline cache: after one visit, the site reloads and runs a lesson with the network off', async () => {
  const { page, context } = await openPage('/', {
    serviceWorkers: 'allow',
    // With the network off the worker's network-first page load fails before it falls
    // back to the cache; the browser may report that attempt.
    allowErrors: [/ERR_INTERNET_DISCONNECTED/, /\/nope\/index\.html/],
  });
  const status = page.locator('.offline-status');
  await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/^Saved in this browser/);
  const scope = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.scope));
  expect(scope).toBe(new URL('.', page.url()).href);

  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Watch InnoDB think');
  // A lesson: its chunk, the engine worker and the wasm all come from the cache.
  await page.evaluate(() => (location.hash = '#/lesson/primary-keys?step=4'));
  await waitForPanel(page);
  const before = await counter(page, 'Innodb_rows_inserted');
  await stepForward(page, 2);
  expect((await counter(page, 'Innodb_rows_inserted'))[0]).toBeGreaterThan(before[0] ?? 0);
  await screenshot('offline-lesson', page, { fullPage: false });
  // An address in the site's folder that is not its page: a "no page here" with the way
  // home, as a server would say; it was the site's index.html, whose assets resolved
  // against the wrong folder, so the page blamed a file:// opening (QA).
  const stray = await page.goto(`${scope}nope/index.html`);
  expect(stray?.status()).toBe(404);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('No page at this address');
  expect(await page.getByRole('link', { name: scope }).getAttribute('href')).toBe(scope);
  // The site's own page by its file name, with a query, still comes from the cache.
  await page.goto(`${scope}index.html?from=offline#/`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Watch InnoDB think');
  await context.setOffline(false);
});

test('phone (390×844): a reference label cut short on a chart is written out in full in its legend (no hover on a touch screen)', async () => {
  const { page } = await openPage('/#/lesson/adaptive-hash-index?step=7&t=1', { viewport: { width: 390, height: 844 } });
  const full = 'article (10M rows): close to, never quite, 100%';
  const legend = page.locator('figure ul li', { hasText: full });
  await expect.poll(() => legend.count(), { timeout: 60_000 }).toBe(1);
  // On the plot it is the short form.
  expect(await page.locator('svg text', { hasText: 'article (10M rows): close to' }).first().textContent()).toMatch(/…$/);
  // Wide enough for the whole label on the plot: no extra legend line.
  const wide = await openPage('/#/lesson/adaptive-hash-index?step=7&t=1', { viewport: { width: 1280, height: 900 } });
  await expect.poll(() => wide.page.locator('svg text', { hasText: full }).count(), { timeout: 60_000 }).toBeGreaterThan(0);
  expect(await wide.page.locator('figure ul li', { hasText: full }).count()).toBe(0);
});

test('presenter: a prediction locked on a slide is still locked when the slide is left and come back to', async () => {
  const { page, errors } = await openPage('/#/present/primary-keys?step=2');
  await waitForPanel(page);
  const quiz = page.locator('.slide-text .quiz').first();
  await lockPrediction(quiz, /About 94% full/);
  await expect.poll(() => quiz.textContent()).toContain('to the end to check it');
  // The locked pick is named on its choice (greyed with the rest, it was a shade darker).
  expect(await quiz.locator('.quiz-choice.is-picked').innerText()).toMatch(/^About 94% full.*← your prediction$/s);
  expect(await quiz.locator('.quiz-mark').count()).toBe(1);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('PageDown');
  await expect.poll(() => page.locator('.slide-text h1').textContent()).not.toBe('Inserting in order');
  await page.keyboard.press('PageUp');
  await expect.poll(() => page.locator('.slide-text h1').textContent()).toBe('Inserting in order');
  const back = page.locator('.slide-text .quiz').first();
  expect(await back.getByRole('radio', { name: /About 94% full/ }).isChecked()).toBe(true);
  expect(await back.getByRole('button', { name: 'Lock in my prediction' }).count()).toBe(0);
  expect(await back.textContent()).toContain('to the end to check it');
  // the run checks it, as on the lesson page
  await runToEnd(page);
  await expect.poll(() => back.locator('.quiz-result').textContent(), { timeout: 60_000 }).toContain('Your prediction held.');
  expect(errors).toEqual([]);
});

test('presenter from the keyboard: ↓ picks a quiz choice, Tab brings "Reveal" clear of the cue, a clicker and Esc get out of a knob field', async () => {
  const { page } = await openPage('/#/present/primary-keys?step=7', { viewport: { width: 1280, height: 720 } });
  await waitForPanel(page);
  const hash = () => page.evaluate(() => location.hash);
  // Tab from the top of the slide to the quiz's first choice, then to "Reveal the answer":
  // it scrolls clear of the "↓ more below" cue (it sat under it, its focus ring hidden).
  const radios = page.locator('.slide-text input[type=radio]');
  expect(await radios.count()).toBeGreaterThan(2);
  const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() || document.activeElement?.getAttribute('type') || '');
  for (let i = 0; i < 20 && (await focused()) !== 'radio'; i++) await page.keyboard.press('Tab');
  expect(await focused()).toBe('radio');
  await page.keyboard.press('Tab');
  expect(await focused()).toBe('Reveal the answer');
  const [reveal, cue] = await Promise.all([page.getByRole('button', { name: 'Reveal the answer' }).boundingBox(), page.locator('.slide-more').boundingBox()]);
  if (cue) expect(reveal!.y + reveal!.height).toBeLessThanOrEqual(cue.y);
  // Back on the first choice: Space picks it, ↓ the next one (↓ scrolled the text, and no
  // other choice could be picked from the keyboard); the slide stays.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => radios.evaluateAll((r) => r.map((x) => (x as HTMLInputElement).checked))).toEqual([false, true, ...Array((await radios.count()) - 2).fill(false)]);
  expect(await hash()).toBe('#/present/primary-keys?step=7');
  // A knob's number entered: the clicker's PageDown still turns the slide (it stayed in the field).
  const rows = page.getByRole('spinbutton', { name: 'Rows to insert value' }).first();
  await rows.fill('5000');
  await rows.press('Enter');
  await expect.poll(hash).toBe('#/present/primary-keys?step=7&k.workload.max_rows=5000');
  await page.keyboard.press('PageDown');
  await expect.poll(hash).toBe('#/present/primary-keys?step=8&k.workload.max_rows=5000');
  // Esc in a field gives the keys back to the slides; the next Esc leaves them.
  await page.getByRole('spinbutton', { name: 'Rows to insert value' }).first().focus();
  await page.keyboard.press('Escape');
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
  expect(await hash()).toBe('#/present/primary-keys?step=8&k.workload.max_rows=5000');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(hash).toBe('#/present/primary-keys?step=7&k.workload.max_rows=5000');
  await page.keyboard.press('Escape');
  await expect.poll(hash).toBe('#/lesson/primary-keys?step=7&k.workload.max_rows=5000');
});

test('presenter: "Present this lesson" and Exit take the player\'s speed along (a teacher\'s 0.002× opened at the lesson\'s 0.001×)', async () => {
  const { page } = await openPage('/#/lesson/primary-keys?step=3');
  await waitForPanel(page);
  const speed = page.locator('.player-bar select').first();
  expect(await speed.inputValue()).toBe('0.001');
  await speed.selectOption('0.002');
  await page.getByRole('link', { name: 'Present this lesson' }).dispatchEvent('click');
  await expect.poll(() => page.locator('.presenter-count').textContent()).toBe('3 / 11');
  await waitForPanel(page);
  await expect.poll(() => page.locator('.player-bar select').first().inputValue()).toBe('0.002');
  // Changed again on the slide, it goes back with Exit.
  await page.keyboard.press('+');
  await expect.poll(() => page.locator('.player-bar select').first().inputValue()).toBe('0.005');
  await page.keyboard.press('Escape');
  await page.locator('.lesson-narrative').first().waitFor();
  await waitForPanel(page);
  await expect.poll(() => page.locator('.player-bar select').first().inputValue()).toBe('0.005');
});
