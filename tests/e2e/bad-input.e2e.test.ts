// Bad input everywhere, in the built site: every lesson URL parameter (step, seed,
// k.<knob>, unknown ones, the lesson id), the knob and seed fields, and the playground's
// scenario JSON, fed out-of-range, wrong-type, 10 kB, script-like and unicode values.
// Each gets a message naming the field and what is allowed; nothing is rendered as HTML
// (no element made from the payload, no dialog: the harness fails on any); what is on
// screen is kept (same values, same simulated time); and the page keeps working.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, openPage, screenshot, test } from './harness';
import { counter, simTime, stepForward, waitForPanel, play, pause } from './panel';

const XSS = '<img src=x onerror=alert(1)>';
const LESSON = '#/lesson/primary-keys';
const LESSON_FILE = new URL('../../lessons/primary-keys.md', import.meta.url);
const GOOD = { step: 'step=2', seed: 'seed=7', knob: 'k.workload.max_rows=5000' };

/** Records any element that could run script, added anywhere after this call. */
async function watchForInjectedElements(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __injected: string[] };
    w.__injected = [];
    const suspicious = (el: Element) =>
      /^(IMG|SCRIPT|IFRAME|OBJECT|EMBED|FRAME)$/.test(el.tagName) ||
      [...el.attributes].some((a) => /^on/i.test(a.name) || /^\s*javascript:/i.test(a.value));
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes) {
          if (!(n instanceof Element)) continue;
          for (const el of [n, ...n.querySelectorAll('*')]) if (suspicious(el)) w.__injected.push(el.outerHTML.slice(0, 120));
        }
        if (r.type === 'attributes' && r.target instanceof Element && suspicious(r.target)) w.__injected.push(r.target.outerHTML.slice(0, 120));
      }
    }).observe(document, { childList: true, subtree: true, attributes: true });
  });
}

async function injected(page: Page): Promise<string[]> {
  const found = await page.evaluate(() => (window as unknown as { __injected: string[] }).__injected);
  const now = await page.evaluate(() => [...document.querySelectorAll('img, iframe, object, embed, script:not([src]), [onerror], [onload]')].map((e) => e.outerHTML.slice(0, 120)));
  return [...found, ...now];
}

async function setHash(page: Page, hash: string) {
  await page.evaluate((h) => (location.hash = h), hash);
}

const knobField = (page: Page) => page.getByRole('spinbutton', { name: 'Rows to insert value' });
const seedField = (page: Page) => page.getByRole('spinbutton', { name: 'Random seed' });

test('bad URL parameters: each named with what is allowed, nothing rendered, screen kept, page works', async () => {
  const { page } = await openPage(`/${LESSON}?${GOOD.step}&${GOOD.seed}&${GOOD.knob}`);
  await waitForPanel(page);
  await watchForInjectedElements(page);
  await expect.poll(() => knobField(page).inputValue()).toBe('5000');
  await expect.poll(() => seedField(page).inputValue()).toBe('7');
  await stepForward(page, 2);
  const t = await simTime(page);
  const title = await page.getByRole('heading', { level: 1 }).textContent();

  // [what, the bad parameter(s), good ones it replaces, expected message]
  const cases: [string, string, (keyof typeof GOOD)[], RegExp][] = [
    ['step out of range', 'step=99', ['step'], /"step" must be a step number from 1 to \d+, got 99/],
    ['step zero', 'step=0', ['step'], /"step" must be a step number from 1 to \d+/],
    ['step fraction', 'step=1.5', ['step'], /"step" must be a step number from 1 to \d+/],
    ['step text', 'step=two', ['step'], /"step" must be a step number from 1 to \d+, got "two"/],
    ['negative seed', 'seed=-3', ['seed'], /"seed" must be an integer from 0 to 4294967295/],
    ['seed too big', 'seed=99999999999', ['seed'], /"seed" must be an integer from 0 to 4294967295/],
    ['seed text', 'seed=abc', ['seed'], /"seed" must be an integer from 0 to 4294967295, got "abc"/],
    ['seed script', `seed=${encodeURIComponent(XSS)}`, ['seed'], /"seed" contains text that is not allowed; only a number is/],
    ['seed javascript:', 'seed=javascript:alert(1)', ['seed'], /"seed" contains text that is not allowed; only a number is/],
    ['seed unicode digits', `seed=${encodeURIComponent('٣٤')}`, ['seed'], /"seed" must be an integer from 0 to 4294967295, got "\(text that is not allowed\)"/],
    ['knob text', 'k.workload.max_rows=lots', ['knob'], /"k\.workload\.max_rows" \(Rows to insert\) must be a number from 500 to 20000, got "lots"/],
    ['knob out of range', 'k.workload.max_rows=99', ['knob'], /"k\.workload\.max_rows" \(Rows to insert\) must be from 500 to 20000, got 99/],
    ['knob fullwidth digits', `k.workload.max_rows=${encodeURIComponent('５０００')}`, ['knob'], /"k\.workload\.max_rows" \(Rows to insert\) must be a number from 500 to 20000/],
    ['knob script', `k.workload.max_rows=${encodeURIComponent(XSS)}`, ['knob'], /"k\.workload\.max_rows" \(Rows to insert\) contains text that is not allowed/],
    ['knob too long', `k.workload.max_rows=${'1'.repeat(500)}`, ['knob'], /"k\.workload\.max_rows" \(Rows to insert\) is too long \(at most 24 characters\)/],
    // step 2's experiment: its own knob and range (not the merged ones of the lesson's five)
    ['unknown knob', 'k.workload.nope=4', [], /Unknown knob "k\.workload\.nope"; allowed: k\.workload\.max_rows\. It was ignored/],
    ['another experiment\'s knob', 'k.server.innodb_buffer_pool_pages=1024', [], /Knob "k\.server\.innodb_buffer_pool_pages" belongs to another experiment of this lesson; this one's knobs: k\.workload\.max_rows/],
    ['unknown parameter', 'foo=bar', [], /Unknown parameter "foo"; allowed: step, seed, t, x, speed, k\.<knob>/],
    ['script name', `${encodeURIComponent(XSS)}=1`, [], /A parameter name contains text that is not allowed \(names are step, seed, t, x, speed or k\.<knob>\)/],
    ['emoji name', `${encodeURIComponent('😀')}=1`, [], /A parameter name contains text that is not allowed/],
    ['bad escape', 'seed=%E0%A4%A', ['seed'], /Parameter "seed" is not correctly encoded \(bad %-escape\)/],
    ['10 kB value', `seed=${'9'.repeat(10_000)}`, ['seed'], /The address is too long \(10\d{3} characters; at most 2000\).*Parameter "seed" alone is 10005 characters/],
    ['10 kB name', `${'a'.repeat(10_000)}=1`, [], /The address is too long/],
  ];
  for (const [what, bad, replaces, message] of cases) {
    const keep = (Object.keys(GOOD) as (keyof typeof GOOD)[]).filter((k) => !replaces.includes(k)).map((k) => GOOD[k]);
    await setHash(page, `${LESSON}?${[...keep, bad].join('&')}`);
    const box = page.locator('.url-messages');
    await expect.poll(async () => ((await box.count()) ? await box.innerText() : ''), { message: what, timeout: 5000 }).toMatch(message);
    expect(await box.getAttribute('role'), what).toBe('status');
    // Kept: the lesson, the knob and seed values, and the simulation at its time.
    expect(await page.getByRole('heading', { level: 1 }).textContent(), what).toBe(title);
    expect(await knobField(page).inputValue(), what).toBe('5000');
    expect(await seedField(page).inputValue(), what).toBe('7');
    expect(await simTime(page), what).toBe(t);
    // The bad parameter does not stay in the address.
    await expect.poll(() => page.evaluate(() => location.hash), { message: what }).toBe(`${LESSON}?step=2&seed=7&k.workload.max_rows=5000`);
  }
  // Every knob of the lesson (read from the lesson file), refused.
  const knobPaths = [...new Set([...fs.readFileSync(LESSON_FILE, 'utf8').matchAll(/\{ path: ([\w.]+),/g)].map((m) => m[1]))];
  expect(knobPaths.length).toBeGreaterThan(1);
  for (const path of knobPaths) {
    for (const [value, message] of [
      [encodeURIComponent(XSS), /contains text that is not allowed/],
      ['-1e12', /must be from -?[\d.]+ to [\d.]+, got -1e12/],
      ['ten', /must be (a number from -?[\d.]+ to [\d.]+|0 \(off\) or 1 \(on\)), got "ten"/],
    ] as const) {
      const good = [GOOD.step, GOOD.seed, ...(GOOD.knob.startsWith(`k.${path}=`) ? [] : [GOOD.knob])];
      await setHash(page, `${LESSON}?${[...good, `k.${path}=${value}`].join('&')}`);
      const box = page.locator('.url-messages');
      const what = `k.${path}=${value}`;
      await expect.poll(async () => ((await box.count()) ? await box.innerText() : ''), { message: what, timeout: 5000 }).toContain(`"k.${path}"`);
      // step 2's experiment has one knob; the others' are named as theirs, whatever the value
      expect(await box.innerText(), what).toMatch(path === 'workload.max_rows' ? message : /belongs to another experiment of this lesson/);
      expect(await simTime(page), what).toBe(t);
    }
  }
  await screenshot('bad-url-parameters', page, { fullPage: false });
  expect(await injected(page)).toEqual([]);

  // The notice floats over the page's foot; the page gets room below its end so nothing
  // stays under it (it covered "Lock in my prediction"), and gives it back on Dismiss.
  // The room is from the notice's top to the window's foot, and a little: its height and
  // 24 px left 4 px of the page under it (the box sits 28 px up, with its margin).
  const under = await page.locator('.url-messages').evaluate((e) => window.innerHeight - e.getBoundingClientRect().top);
  const room = await page.evaluate(() => parseFloat(document.body.style.paddingBottom));
  expect(room).toBeGreaterThanOrEqual(under + 4);
  expect(room).toBeLessThanOrEqual(under + 16);
  // Still working: play moves the numbers.
  await page.locator('.url-messages').getByRole('button', { name: 'Dismiss' }).click();
  await expect.poll(() => page.evaluate(() => document.body.style.paddingBottom)).toBe('');
  const before = await counter(page, 'Innodb_rows_inserted');
  await play(page);
  await expect.poll(async () => (await counter(page, 'Innodb_rows_inserted'))[0], { timeout: 10_000 }).toBeGreaterThan(before[0]);
  await pause(page);
});

test('on a phone the notice of ignored settings stays compact, its Dismiss beside the heading', async () => {
  // It covered a fifth of the screen in large type, over the playground form's own
  // message about the same field, with Dismiss at its foot.
  const { page, errors } = await openPage('/#/playground?a.server.innodb_buffer_pool_pages=abc', { viewport: { width: 390, height: 844 }, touch: true });
  const box = page.locator('.url-messages');
  await box.waitFor({ timeout: 15_000 });
  expect(await box.innerText()).toContain('"a.server.innodb_buffer_pool_pages" must be an integer from 64 to 1048576, got the string "abc"');
  const [b, dismiss] = await Promise.all([box.boundingBox(), box.getByRole('button', { name: 'Dismiss' }).boundingBox()]);
  if (!b || !dismiss) throw new Error('no notice or no Dismiss');
  expect(b.height).toBeLessThanOrEqual(844 * 0.3);
  expect(dismiss.y - b.y).toBeLessThan(40); // on the heading's line, not under the list
  expect(b.x).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width).toBeLessThanOrEqual(390);
  await box.getByRole('button', { name: 'Dismiss' }).dispatchEvent('click');
  await expect.poll(() => box.count()).toBe(0);
  expect(errors).toEqual([]);
});

test('a link time past the run\'s end opens at the end and says so', async () => {
  // The sequential slow-motion run ends when its 3,000 rows are in (27.9 ms).
  const { page, errors } = await openPage('/#/lesson/primary-keys?step=2&t=50');
  const note = page.locator('.experiment-panel .notice-warn');
  await expect.poll(() => note.textContent(), { timeout: 30_000 }).toContain('The link asked for t = 50.000 s, but this run ends at t = 27.9 ms: it is shown at its end.');
  expect(await simTime(page)).toBe('27.9 ms');
  await note.getByRole('button', { name: 'Dismiss' }).click();
  expect(await note.count()).toBe(0);
  // A time within the run says nothing.
  const within = await openPage('/#/lesson/primary-keys?step=2&t=0.01');
  await expect.poll(() => simTime(within.page), { timeout: 30_000 }).toBe('10.0 ms');
  expect(await within.page.locator('.experiment-panel .notice-warn').count()).toBe(0);
  expect(errors).toEqual([]);
});

test('a knob value typed between two steps runs rounded, and the knob says so', async () => {
  const { page, errors } = await openPage('/#/lesson/adaptive-flushing?step=5');
  const field = page.getByRole('spinbutton', { name: 'innodb_io_capacity value' });
  await field.waitFor({ timeout: 60_000 });
  await field.fill('350');
  await field.press('Enter');
  await expect.poll(() => page.locator('.knob .field-note').textContent()).toBe('innodb_io_capacity moves in steps of 100, so 350 runs as 400 pages/s.');
  expect(await field.inputValue()).toBe('400');
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('k.server.innodb_io_capacity=400');
  expect(errors).toEqual([]);
});

test('bad lesson ids: the not-found page says what was asked and lists the lessons', async () => {
  const { page } = await openPage('/#/');
  await page.getByRole('link', { name: /Primary keys/ }).first().waitFor();
  await watchForInjectedElements(page);
  const cases: [string, RegExp][] = [
    ['#/lesson/nope', /There is no lesson “nope”\./],
    [`#/lesson/${XSS}`, /is not a lesson id\.\s*A lesson id is 1 to 64 lower-case letters, digits and dashes/],
    ['#/lesson/javascript:alert(1)', /“javascript:alert\(1\)” is not a lesson id\./],
    [`#/lesson/${'a'.repeat(10_000)}`, /“a{50,60}…” is not a lesson id\./],
    ['#/lesson/prímary-keys', /is not a lesson id\./],
    ['#/lesson/Primary-Keys', /“Primary-Keys” is not a lesson id\./],
    ['#/lesson/primary-keys/extra', /“primary-keys\/extra” is not a lesson id\./],
    // The lesson's other pages say the rule too (they said only "Nothing lives at").
    ['#/present/Primary-Keys', /“Primary-Keys” is not a lesson id\.\s*A lesson id is 1 to 64 lower-case letters/],
    ['#/notes/Primary-Keys', /“Primary-Keys” is not a lesson id\./],
    ['#/embed/primary-keys/Seq', /“Seq” is not an experiment id\.\s*An experiment id is 1 to 64 lower-case letters/],
    ['#/embed/Primary-Keys/seq-vs-random', /“Primary-Keys” is not a lesson id\./],
    [`#/${XSS}`, /Nothing lives at/],
  ];
  for (const [hash, message] of cases) {
    await setHash(page, hash);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expect.poll(() => page.locator('.not-found').innerText(), { message: hash }).toMatch(message);
    await expect.poll(() => page.locator('.not-found').getByRole('link', { name: /Primary keys/ }).count(), { message: hash }).toBe(1);
  }
  await screenshot('bad-lesson-id', page, { fullPage: false });
  expect(await injected(page)).toEqual([]);
  // The way back works: the listed lesson opens and plays.
  await page.locator('.not-found').getByRole('link', { name: /Primary keys/ }).click();
  await waitForPanel(page);
  const before = await counter(page, 'Innodb_rows_inserted');
  await play(page);
  await expect.poll(async () => (await counter(page, 'Innodb_rows_inserted'))[0], { timeout: 10_000 }).toBeGreaterThan(before[0] ?? 0);
  await pause(page);
});

test('bad knob and seed input: message names the field and range, the simulation is kept, page works', async () => {
  const { page } = await openPage(`/${LESSON}?${GOOD.step}&${GOOD.seed}&${GOOD.knob}`);
  await waitForPanel(page);
  await watchForInjectedElements(page);
  await stepForward(page, 2);
  const t = await simTime(page);
  const field = knobField(page);
  const problem = page.locator('#knob-workload-max_rows-error');

  const typed: [string, string, RegExp][] = [
    ['above range', '999999999', /^Rows to insert must be from 500 to 20000, got 999999999; it stays at 5000\.$/],
    ['below range', '-5', /^Rows to insert must be from 500 to 20000, got -5; it stays at 5000\.$/],
    ['empty', '', /^Rows to insert: enter a number from 500 to 20000, got an empty field; it stays at 5000\.$/],
    // (the browser itself empties a number field holding 10 kB of digits: not a finite number)
    ['10 kB', '9'.repeat(10_000), /^Rows to insert: enter a number from 500 to 20000, got (a 10000-character value|an empty field|text that is not a number); it stays at 5000\.$/],
    ['overflow', '1e400', /^Rows to insert: enter a number from 500 to 20000, got (“1e400”|an empty field|text that is not a number); it stays at 5000\.$/],
  ];
  for (const [what, text, message] of typed) {
    await field.fill(text);
    await field.press('Enter');
    await expect.poll(() => problem.textContent(), { message: what }).toMatch(message);
    expect(await field.getAttribute('aria-invalid'), what).toBe('true');
    expect(await field.inputValue(), what).toBe('5000'); // the value that stays (it stood empty)
    expect(await simTime(page), what).toBe(t); // not re-created
  }
  // Tab after Enter has nothing new to commit: the message stays (it went at once).
  await field.fill('-5');
  await field.press('Enter');
  await expect.poll(() => problem.textContent()).toMatch(/got -5; it stays at 5000\.$/);
  await field.press('Tab');
  await page.waitForTimeout(200);
  expect(await problem.textContent()).toMatch(/got -5; it stays at 5000\.$/);
  // Wrong type, script-like and unicode text: a number field drops what is not a number.
  for (const text of ['abc', XSS, 'javascript:alert(1)', '٣٤', '😀']) {
    await field.fill('');
    await field.pressSequentially(text);
    await field.press('Enter');
    // (Chromium keeps letters out of a number field: an empty field; what gets in is not a number)
    await expect.poll(() => problem.textContent(), { message: text }).toMatch(/^Rows to insert: enter a number from 500 to 20000, got (an empty field|text that is not a number); it stays at 5000\.$/);
    expect(await simTime(page), text).toBe(t);
  }
  await expect.poll(() => page.getByRole('slider', { name: 'Rows to insert' }).getAttribute('aria-valuetext')).toBe('5000');

  const seed = seedField(page);
  // "1e": typed into the field, but not a number (its value reads empty, as for "").
  for (const text of ['-3', '1.5', '99999999999', '', '1e']) {
    if (text === '1e') {
      await seed.fill('');
      await seed.pressSequentially(text);
    } else await seed.fill(text);
    await seed.press('Enter');
    const got = text === '' ? 'an empty field' : text === '1e' ? 'text that is not a number' : `“${text}”`;
    await expect.poll(() => page.locator('#knob-seed-error').textContent(), { message: text }).toBe(`Random seed: enter a whole number from 0 to 4294967295, got ${got}; it stays at 7.`);
    expect(await seed.inputValue(), text).toBe('7');
    expect(await simTime(page), text).toBe(t);
  }
  await screenshot('bad-knob-input', page, { fullPage: false });
  expect(await injected(page)).toEqual([]);

  // Still working: play moves the numbers; a good value then clears the message and applies.
  const before = await counter(page, 'Innodb_rows_inserted');
  await play(page);
  await expect.poll(async () => (await counter(page, 'Innodb_rows_inserted'))[0], { timeout: 10_000 }).toBeGreaterThan(before[0]);
  await pause(page);
  await field.fill('6000');
  await field.press('Enter');
  await expect.poll(() => problem.count()).toBe(0);
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('k.workload.max_rows=6000');
  // A value the slider sets clears a refusal too (the message stood beside a value in use).
  await field.fill('-1');
  await field.press('Enter');
  await expect.poll(() => problem.count()).toBe(1);
  await page.getByRole('slider', { name: 'Rows to insert' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => problem.count()).toBe(0);
  // A whole number written as a number field allows it ("1e3", as the knobs take it).
  await seed.fill('1e3');
  await seed.press('Enter');
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('seed=1000');
  expect(await page.locator('#knob-seed-error').count()).toBe(0);
});

test('a bad playground scenario names the JSON path and keeps the running simulation', async () => {
  const { page } = await openPage('/#/playground');
  await watchForInjectedElements(page);
  const editor = page.getByRole('textbox', { name: 'Scenario JSON' });
  await expect.poll(async () => (await editor.inputValue()).length, { timeout: 20_000 }).toBeGreaterThan(10);
  const good = JSON.parse(await editor.inputValue()) as Record<string, Record<string, unknown>>;
  await page.getByRole('button', { name: 'Run this scenario' }).click();
  await waitForPanel(page);
  await stepForward(page, 2);
  const t = await simTime(page);
  const tables = await page.locator('.experiment-panel table').first().textContent();

  const withField = (section: string, field: string, value: unknown) => JSON.stringify({ ...good, [section]: { ...good[section], [field]: value } }, null, 2);
  const cases: [string, string, RegExp][] = [
    ['out of range', withField('workload', 'threads', 0), /workload\.threads: must be an integer from 1 to 4096, got 0/],
    ['wrong type', JSON.stringify({ ...good, seed: 'javascript:alert(1)' }), /seed: must be an integer from 0 to 4294967295, got the string "javascript:alert\(1\)"/],
    ['unknown field', JSON.stringify({ ...good, wrkload: {} }), /wrkload: unknown field; allowed: version, seed, server, storage, table, workload, run/],
    ['script-like text', withField('table', 'name', XSS), /table\.name: must be a name of 1 to 64 letters, digits or _, got "<img src=x onerror=alert\(1\)>"/],
    ['10 kB text', withField('table', 'name', 'a'.repeat(10_000)), /table\.name: must be a name of 1 to 64 letters, digits or _/],
    ['unicode', withField('table', 'name', '表'), /table\.name: must be a name of 1 to 64 letters, digits or _, got "表"/],
    ['not an object', '[]', /The scenario must be a JSON object/],
    ['syntax error', '{\n  "seed": 1,\n  "workload": \n}', /Invalid JSON at line 4, column 1/],
    // JSON.parse keeps the last of two keys, so 2 threads ran as 16 without a word.
    ['duplicate key', JSON.stringify(good, null, 2).replace('"workload": {', '"workload": {\n    "threads": 2,'), /workload\.threads: given twice \(again at line \d+, column 5\); only the last value would count/],
    ['huge', JSON.stringify({ ...good, pad: 'x'.repeat(200_000) }), /The scenario is too long \(2\d{5} characters; at most 100000\)/],
  ];
  for (const [what, text, message] of cases) {
    await editor.fill(text);
    // A text the settings form cannot read says where it is broken before Run (it said only "fix the text").
    if (what === 'syntax error') await expect.poll(() => page.locator('.notice-warn', { hasText: 'The settings form needs valid scenario JSON' }).innerText()).toMatch(/fix the text below first\. Invalid JSON at line 4, column 1/);
    await page.getByRole('button', { name: 'Run this scenario' }).click();
    const box = page.locator('.scenario-problem');
    await expect.poll(async () => ((await box.count()) ? await box.innerText() : ''), { message: what, timeout: 10_000 }).toMatch(message);
    expect(await box.innerText(), what).toContain('The simulation on the right is unchanged.');
    expect(await editor.getAttribute('aria-invalid'), what).toBe('true');
    expect(await simTime(page), what).toBe(t);
    expect(await page.locator('.experiment-panel table').first().textContent(), what).toBe(tables);
  }
  // Edited after the check, the list says it may be out of date (it stayed up as it was).
  const problems = page.locator('.scenario-problem');
  expect(await problems.innerText()).not.toContain('edited');
  await editor.press('End');
  await page.keyboard.type(' ');
  await expect.poll(() => problems.innerText()).toContain('You have edited the text since this check: Run checks it again.');
  await screenshot('bad-playground-scenario', page, { fullPage: false });
  expect(await injected(page)).toEqual([]);

  // Still working: play moves the numbers; the good scenario runs again when fixed.
  const before = await counter(page, 'Innodb_buffer_pool_read_requests');
  await play(page);
  await expect.poll(async () => (await counter(page, 'Innodb_buffer_pool_read_requests'))[0], { timeout: 10_000 }).toBeGreaterThan(before[0]);
  await pause(page);
  await editor.fill(JSON.stringify(good, null, 2));
  await page.getByRole('button', { name: 'Run this scenario' }).click();
  await expect.poll(() => page.locator('.scenario-problem').count()).toBe(0);
  await expect.poll(() => simTime(page)).toBe('0 µs');

  // A number the form refuses holds the run back: the JSON still has the last good
  // value, so running would not run what the form shows (it ran with 16 threads).
  await stepForward(page, 2);
  const t2 = await simTime(page);
  const threads = page.locator('.scenario-form #field-workload-threads');
  await threads.fill('-5');
  await threads.press('Tab');
  await expect.poll(() => page.locator('.field-error').allInnerTexts()).toEqual(['Client threads: must be from 1 to 4096, got -5.']);
  await page.getByRole('button', { name: 'Run this scenario' }).click();
  const box = page.locator('.scenario-problem');
  await expect.poll(async () => ((await box.count()) ? await box.innerText() : '')).toMatch(/The scenario was not run: one field needs fixing\.\s+workload\.threads: must be from 1 to 4096, got -5\./);
  expect(await box.innerText()).toContain('The simulation on the right is unchanged.');
  expect(await simTime(page)).toBe(t2);
  // Fixed in the form, the message that it was not run goes at once (it stayed until the next Run).
  await threads.fill('4');
  await threads.press('Tab');
  await expect.poll(() => page.locator('.field-error').count()).toBe(0);
  await expect.poll(() => box.count()).toBe(0);
  await page.getByRole('button', { name: 'Run this scenario' }).click();
  await expect.poll(() => page.locator('.scenario-problem').count()).toBe(0);
  await expect.poll(() => simTime(page)).toBe('0 µs');
  expect((JSON.parse(await editor.inputValue()) as { workload: { threads: number } }).workload.threads).toBe(4);
  // Refused in the form, then set in the JSON: the JSON's value shows, and it runs.
  await threads.fill('-5');
  await threads.press('Tab');
  await expect.poll(() => page.locator('.field-error').count()).toBe(1);
  const json = JSON.parse(await editor.inputValue()) as { workload: { threads: number } };
  json.workload.threads = 8;
  await editor.fill(JSON.stringify(json, null, 2));
  await expect.poll(() => threads.inputValue()).toBe('8');
  expect(await page.locator('.field-error').count()).toBe(0);
  await stepForward(page, 1);
  await page.getByRole('button', { name: 'Run this scenario' }).click();
  await expect.poll(() => simTime(page)).toBe('0 µs');
  expect(await page.locator('.scenario-problem').count()).toBe(0);
});

test('playground: a refused run\'s message comes into view under a Run button at the window\'s foot', async () => {
  const { page } = await openPage('/#/playground', { viewport: { width: 1280, height: 800 } });
  const editor = page.getByRole('textbox', { name: 'Scenario JSON' });
  await expect.poll(async () => (await editor.inputValue()).length, { timeout: 20_000 }).toBeGreaterThan(10);
  const good = JSON.parse(await editor.inputValue()) as Record<string, Record<string, unknown>>;
  await editor.fill(JSON.stringify({ ...good, server: { ...good.server, innodb_bufer_pool_pages: 512 } }, null, 2));
  // The Run button at the window's foot, as after editing the JSON box; a mouse click there.
  const run = page.getByRole('button', { name: 'Run this scenario' });
  await run.evaluate((e) => window.scrollBy(0, e.getBoundingClientRect().bottom - window.innerHeight + 4));
  const b = await run.boundingBox();
  if (!b) throw new Error('no Run button');
  expect(b.y + b.height).toBeGreaterThan(760);
  await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
  const box = page.locator('.scenario-problem');
  await expect.poll(async () => ((await box.count()) ? await box.innerText() : '')).toMatch(/server\.innodb_bufer_pool_pages: unknown field/);
  await expect.poll(async () => { const r = await box.boundingBox(); return r ? r.y + r.height : 9e9; }).toBeLessThanOrEqual(801);
  // The bad line deleted and not run yet: the message is marked out of date, and gives no
  // advice to set the field it named (it read "… leaves this field out …; set it"; QA).
  await editor.fill(JSON.stringify(good, null, 2));
  await expect.poll(() => box.innerText()).toContain('You have edited the text since this check');
  expect(await box.innerText()).not.toContain('leaves this field out');
});

test('playground: a run of one\'s own numbers is labelled with what it changed, not as its preset', async () => {
  const { page } = await openPage('/#/playground');
  const editor = page.getByRole('textbox', { name: 'Scenario JSON' });
  await expect.poll(async () => (await editor.inputValue()).length, { timeout: 20_000 }).toBeGreaterThan(10);
  const good = JSON.parse(await editor.inputValue()) as Record<string, Record<string, unknown>>;
  await editor.fill(JSON.stringify({ ...good, workload: { ...good.workload, threads: 4 } }, null, 2));
  await page.getByRole('button', { name: 'Run this scenario' }).click();
  await waitForPanel(page, 'Innodb_buffer_pool_read_requests');
  await expect.poll(() => page.locator('.experiment-panel').first().innerText()).toContain('engine defaults · workload.threads 4');
});

test('playground: edits replaced by another starting point can be had back (Undo)', async () => {
  const { page } = await openPage('/#/playground');
  const editor = page.getByRole('textbox', { name: 'Scenario JSON' });
  await expect.poll(async () => (await editor.inputValue()).length, { timeout: 20_000 }).toBeGreaterThan(10);
  const select = page.getByRole('combobox', { name: 'Start from' });
  const first = await select.inputValue();
  const mine = JSON.parse(await editor.inputValue()) as { workload: Record<string, unknown> };
  mine.workload.threads = 9;
  await editor.fill(JSON.stringify(mine, null, 2));
  const other = await select.locator('option').nth(2).getAttribute('value');
  await select.selectOption(other!);
  await expect.poll(async () => (JSON.parse(await editor.inputValue()) as { workload: { threads: number } }).workload.threads).not.toBe(9);
  const notice = page.locator('.replaced-edits');
  await expect.poll(() => notice.textContent()).toContain('Your edits to “(engine defaults)” were replaced');
  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => (JSON.parse(await editor.inputValue()) as { workload: { threads: number } }).workload.threads).toBe(9);
  expect(await select.inputValue()).toBe(first);
  expect(await notice.count()).toBe(0);
  // A reload brings the edits back (never run, they were lost), with a way to drop them.
  await page.reload();
  const threads = async () => (JSON.parse(await editor.inputValue()) as { workload: { threads: number } }).workload.threads;
  await expect.poll(threads, { timeout: 20_000 }).toBe(9);
  expect(await select.inputValue()).toBe(first);
  const restored = page.locator('.restored-edits');
  await expect.poll(() => restored.textContent()).toContain('Your edits from before are back (kept for this tab); they have not been run yet.');
  await restored.getByRole('button', { name: 'Discard them' }).click();
  await expect.poll(threads).not.toBe(9);
  expect(await restored.count()).toBe(0);
  // Unedited, a switch has nothing to undo.
  await select.selectOption(other!);
  await page.waitForTimeout(500);
  expect(await notice.count()).toBe(0);
});

test('playground: edits made after a run survive a reload beside the run its address holds; another tab starts from the address', async () => {
  const { page, context } = await openPage('/#/playground');
  const editor = page.getByRole('textbox', { name: 'Scenario JSON' });
  await expect.poll(async () => (await editor.inputValue()).length, { timeout: 20_000 }).toBeGreaterThan(10);
  const threads = async (p = page) => (JSON.parse(await p.getByRole('textbox', { name: 'Scenario JSON' }).inputValue()) as { workload: { threads: number } }).workload.threads;
  const setThreads = async (n: number) => {
    const j = JSON.parse(await editor.inputValue()) as { workload: { threads: number } };
    j.workload.threads = n;
    await editor.fill(JSON.stringify(j, null, 2));
  };
  await setThreads(4);
  await page.getByRole('button', { name: 'Run this scenario' }).click();
  await waitForPanel(page, 'Innodb_buffer_pool_read_requests');
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('a.workload.threads=4');
  const hash = await page.evaluate(() => location.hash);
  await setThreads(6); // not run
  await page.reload();
  await expect.poll(() => threads(), { timeout: 20_000 }).toBe(6);
  // The panel runs what the address holds (4 threads); the editor shows the edit.
  await expect.poll(() => page.locator('.experiment-panel').first().innerText(), { timeout: 20_000 }).toContain('engine defaults · workload.threads 4');
  expect(await page.evaluate(() => location.hash)).toBe(hash);
  await expect.poll(() => page.locator('.restored-edits').count()).toBe(1);
  // Running them clears the notice; the draft now follows the new address.
  await page.getByRole('button', { name: 'Run this scenario' }).click();
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('a.workload.threads=6');
  expect(await page.locator('.restored-edits').count()).toBe(0);
  // Another tab (its own sessionStorage) opening the first address gets what the address holds.
  const tab = await context.newPage();
  await tab.goto(page.url().replace(/#.*$/, hash));
  await expect.poll(() => threads(tab).catch(() => 0), { timeout: 20_000 }).toBe(4);
  expect(await tab.locator('.restored-edits').count()).toBe(0);
  await tab.close();
});

test('playground: a pair preset brings its own B, however Compare is ticked', async () => {
  // Ticked after picking the pair, B was a copy of A under B's label.
  const { page, errors } = await openPage('/#/playground');
  const editor = page.getByRole('textbox', { name: 'Scenario JSON' });
  await expect.poll(async () => (await editor.inputValue()).length, { timeout: 20_000 }).toBeGreaterThan(10);
  const compare = page.getByLabel('Compare with a second configuration (A/B)');
  await page.getByLabel('Start from').selectOption('lesson:primary-keys/seq-vs-random');
  await expect.poll(() => compare.isChecked()).toBe(true);
  const tableOf = async () => (JSON.parse(await editor.inputValue()) as { table: { name: string } }).table.name;
  const editB = page.getByRole('button', { name: 'Edit B' });
  await editB.click();
  await expect.poll(tableOf).toBe('test_random_PK'); // the preset's random-key side
  await compare.uncheck();
  await expect.poll(tableOf).toBe('test_sequential_PK');
  await compare.check(); // B to edit again: the preset's, not a copy of A
  await expect.poll(tableOf).toBe('test_random_PK');
  await page.getByRole('button', { name: 'Run this scenario pair' }).click();
  await expect.poll(() => page.locator('.ab-chip').count(), { timeout: 20_000 }).toBe(2);
  const tree = page.locator('section.view-row[aria-label="B+tree (clustered index)"]');
  await expect.poll(async () => (await tree.textContent()) ?? '', { timeout: 20_000 }).toContain('B: Random VARCHAR(26) id · PRIMARY (test_random_PK)');
  expect(errors).toEqual([]);
});

test('playground: a refused pair says the text was edited after an edit to A or B, not after a switch between them', async () => {
  const { page, errors } = await openPage('/#/playground');
  const editor = page.getByRole('textbox', { name: 'Scenario JSON' });
  await expect.poll(async () => (await editor.inputValue()).length, { timeout: 20_000 }).toBeGreaterThan(10);
  await page.getByLabel('Start from').selectOption('lesson:primary-keys/seq-vs-random');
  await page.getByRole('button', { name: 'Edit B' }).click();
  await expect.poll(async () => (await editor.inputValue()).includes('test_random_PK')).toBe(true);
  await editor.fill((await editor.inputValue()).replace(/"threads": \d+/, '"threads": -3'));
  await page.getByRole('button', { name: 'Run this scenario pair' }).click();
  const box = page.locator('.scenario-problem');
  await expect.poll(async () => ((await box.count()) ? await box.innerText() : ''), { timeout: 20_000 }).toMatch(/B: workload\.threads: must be an integer from 1 to 4096, got -3/);
  await page.getByRole('button', { name: 'Edit A' }).click();
  await page.waitForTimeout(200);
  expect(await box.innerText()).not.toContain('You have edited the text');
  await editor.press('End');
  await page.keyboard.type(' ');
  await expect.poll(() => box.innerText()).toContain('You have edited the text since this check: Run checks it again.');
  expect(errors).toEqual([]);
});

test('playground: a single starting point after a pair runs alone, unless the reader ticked Compare', async () => {
  // After a pair preset, every single starting point loaded as a pair of copies.
  const { page, errors } = await openPage('/#/playground');
  const editor = page.getByRole('textbox', { name: 'Scenario JSON' });
  await expect.poll(async () => (await editor.inputValue()).length, { timeout: 20_000 }).toBeGreaterThan(10);
  const compare = page.getByLabel('Compare with a second configuration (A/B)');
  const pick = (id: string) => page.getByLabel('Start from').selectOption(id);
  const tableOf = async () => (JSON.parse(await editor.inputValue()) as { table: { name: string } }).table.name;
  await pick('lesson:primary-keys/seq-vs-random');
  await expect.poll(() => compare.isChecked()).toBe(true);
  await pick('file:pk-random.json');
  await expect.poll(tableOf).toBe('test_random_PK');
  expect(await compare.isChecked()).toBe(false);
  expect(await page.getByRole('button', { name: 'Run this scenario', exact: true }).count()).toBe(1);
  // Ticked by the reader, Compare stays for the next starting point, with B a copy of its A.
  await compare.check();
  await pick('file:pk-sequential.json');
  await expect.poll(tableOf).toBe('test_sequential_PK');
  expect(await compare.isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Edit B' }).click();
  await expect.poll(tableOf).toBe('test_sequential_PK');
  expect(errors).toEqual([]);
});

test('playground: a lesson\'s experiment opens at the lesson\'s speed; a scenario file at 1×', async () => {
  // The 3,000-row slow-motion run opened at 1×: one step (250 ms of wall time at 1×) ended it.
  const { page } = await openPage('/#/playground?from=lesson%3Aprimary-keys%2Frnd-slowmo');
  await waitForPanel(page);
  const speed = page.getByRole('combobox', { name: /Speed/ }).first();
  await expect.poll(() => speed.inputValue(), { timeout: 20_000 }).toBe('0.001');
  await stepForward(page, 1);
  expect(await simTime(page)).toBe('250 µs');
  expect(await page.locator('.experiment-panel').first().innerText()).not.toContain('run complete');
  const file = await openPage('/#/playground?from=file%3Apk-random.json');
  await waitForPanel(file.page);
  await expect.poll(() => file.page.getByRole('combobox', { name: /Speed/ }).first().inputValue(), { timeout: 20_000 }).toBe('1');
});

test('playground: Run pressed while the starting point still loads runs it once it is in (it said the empty text was invalid JSON)', async () => {
  const { page, errors } = await openPage('/#/playground', { delay: { match: /\.wasm$/, ms: 2500 } });
  const run = page.locator('.editor-actions button.primary');
  await run.waitFor({ timeout: 20_000 });
  await run.focus();
  await page.keyboard.press('Enter');
  expect(await run.textContent()).toBe('Runs once its starting point is loaded…');
  expect(await run.getAttribute('aria-disabled')).toBe('true');
  await expect.poll(() => page.evaluate(() => location.hash), { timeout: 30_000 }).toContain('from=defaults');
  await expect.poll(() => page.locator('.playground-panel p.visually-hidden[role=status]').first().textContent(), { timeout: 30_000 }).toBe('The simulation is ready.');
  expect(await run.textContent()).toBe('Run this scenario');
  expect(await page.locator('.playground .notice-error, .playground .field-error').count()).toBe(0);
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Run this scenario');
  expect(errors).toEqual([]);

  // A link's starting point: the link's own run is the run, and the button comes back (it
  // stayed "Runs once…", pressable no more).
  const link = await openPage('/#/playground?from=file:pk-random.json', { delay: { match: /pk-random\.json$/, ms: 2500 } });
  const linkRun = link.page.locator('.editor-actions button.primary');
  await linkRun.waitFor({ timeout: 20_000 });
  await linkRun.focus();
  await link.page.keyboard.press('Enter');
  expect(await linkRun.textContent()).toBe('Runs once its starting point is loaded…');
  await expect.poll(() => link.page.locator('.playground-panel p.visually-hidden[role=status]').first().textContent(), { timeout: 30_000 }).toBe('The simulation is ready.');
  await expect.poll(() => linkRun.textContent()).toBe('Run this scenario');
  expect(await linkRun.getAttribute('aria-disabled')).toBeNull();
  expect(link.errors).toEqual([]);
});

test('playground: a number too large in the JSON leaves its form field empty with a note, and the browser warns of nothing', async () => {
  const { page, errors } = await openPage('/#/playground');
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  const editor = page.getByRole('textbox', { name: 'Scenario JSON' });
  await expect.poll(async () => (await editor.inputValue()).length, { timeout: 20_000 }).toBeGreaterThan(10);
  const text = (await editor.inputValue()).replace(/"threads": \d+/, '"threads": 1e309');
  expect(text).toContain('1e309');
  await editor.fill(text);
  const threads = page.getByRole('spinbutton', { name: 'Client threads' });
  await expect.poll(() => threads.getAttribute('placeholder')).toBe('too large a number in the JSON');
  expect(await threads.inputValue()).toBe('');
  // Run names it
  await page.getByRole('button', { name: 'Run this scenario' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('.playground-editor').innerText()).toContain('workload.threads: the number is too large to be read (infinite); give a finite number.');
  expect(warnings.filter((w) => w.includes('Infinity'))).toEqual([]);
  expect(errors).toEqual([]);
});
