// The presenter's views at projector size: at 1920×1080 every text of the experiment's
// views (axis labels, legends, captions, table cells, view headings) is drawn at 20 px
// or more, as the slide text beside them is large, in every presenter theme; nothing in
// the panel is wider than it, charts fill their row, canvases are drawn at the
// resolution they are shown at, and A/B blocks line up without growing. At 1280×720 the
// views still fit, and on a lesson page the views keep their sizes.
import type { Page } from 'playwright-core';
import { expect, openPage, screenshot, test } from './harness';
import { gapUnderBar, settledValue, simTime, spacePlaysThenPauses, stepForward, waitForPanel } from './panel';

/** Smallest text of the panel's views, in page px (font size × the zoom it is shown at). */
function smallestViewText(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('.slide-panel .panel-views');
    if (!root) throw new Error('no .panel-views in the presenter');
    let min = { px: Infinity, text: '', zoom: 0 };
    let count = 0;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const el = node.parentElement;
      if (!el || !node.textContent?.trim() || !el.checkVisibility()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if (range.getBoundingClientRect().width < 1) continue; // visually hidden
      count++;
      const zoom = el.currentCSSZoom ?? 1;
      const px = parseFloat(getComputedStyle(el).fontSize) * zoom;
      if (px < min.px) min = { px: Math.round(px * 10) / 10, text: node.textContent.trim().slice(0, 40), zoom };
    }
    return { ...min, count };
  });
}

/** What is wider than its box: the panel, a view row, or a drawing sticking out of its row. */
function overflows(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    const panel = document.querySelector<HTMLElement>('.slide-panel')!;
    if (panel.scrollWidth > panel.clientWidth) out.push(`panel ${panel.scrollWidth} > ${panel.clientWidth}`);
    for (const row of document.querySelectorAll<HTMLElement>('.slide-panel .view-row')) {
      const name = row.getAttribute('aria-label');
      if (row.scrollWidth > row.clientWidth) out.push(`${name}: ${row.scrollWidth} > ${row.clientWidth}`);
      const box = row.getBoundingClientRect();
      for (const d of row.querySelectorAll('svg, canvas')) {
        const r = d.getBoundingClientRect();
        if (r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1)) out.push(`${name}: a drawing at ${r.left}–${r.right} outside ${box.left}–${box.right}`);
      }
    }
    return out;
  });
}

test('presenter 1920×1080: a slide a little taller than the screen shrinks its text to fit, down to 85%; a short one keeps its size', async () => {
  const { page } = await openPage('/#/present/adaptive-flushing?step=9', { viewport: { width: 1920, height: 1080 } });
  const size = () => page.evaluate(() => parseFloat(getComputedStyle(document.querySelector('.slide-text p')!).fontSize));
  const fits = () => page.evaluate(() => {
    const el = document.querySelector('.slide-text')!;
    return el.scrollHeight <= el.clientHeight + 2;
  });
  await page.locator('.slide-text p').first().waitFor();
  // Slide 9 runs about 20% past the screen at full size: it fits at about 94% (it scrolled).
  await expect.poll(size).toBeLessThan(25.9);
  expect(await size()).toBeGreaterThanOrEqual(0.85 * 25.92 - 0.01);
  expect(await fits()).toBe(true);
  expect(await page.locator('.slide-more').count()).toBe(0);
  // Slide 1 fits as it is.
  await page.keyboard.press('Home');
  await expect.poll(() => page.locator('.presenter-count').textContent()).toBe('1 / 12');
  await expect.poll(size).toBeCloseTo(25.92, 1);
  // A slide too long even at 85% keeps 85% and scrolls, with its cue.
  await page.keyboard.press('End');
  for (let i = 0; i < 5; i++) await page.keyboard.press('PageUp'); // slide 7, about twice the screen
  await expect.poll(() => page.locator('.presenter-count').textContent()).toBe('7 / 12');
  await expect.poll(size).toBeCloseTo(0.85 * 25.92, 1);
  expect(await fits()).toBe(false);
  await page.locator('.slide-more').waitFor();
});

test('presenter 1920×1080: view text is projector-sized in every theme, nothing overflows, canvases stay sharp', async () => {
  // Step 4: B+tree, buffer pool, fill histogram, charts, table sizes and counters.
  const { page } = await openPage('/#/present/primary-keys?step=4', { viewport: { width: 1920, height: 1080 } });
  await waitForPanel(page);
  await stepForward(page, 2);
  await page.locator('.slide-panel .chart-row svg text').first().waitFor();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('projector');

  const smallest = await smallestViewText(page);
  expect(smallest.count).toBeGreaterThan(100);
  expect(smallest.px, `smallest view text "${smallest.text}" (zoom ${smallest.zoom})`).toBeGreaterThanOrEqual(20);
  // Drawn that large: an axis label, a counter's value, the heading of a view.
  const heights = await page.evaluate(() => {
    const h = (el: Element | null) => (el ? el.getBoundingClientRect().height : 0);
    const text = (el: Element | null) => {
      const r = document.createRange();
      if (el) r.selectNodeContents(el);
      return el ? r.getBoundingClientRect().height : 0;
    };
    return {
      axisLabel: h(document.querySelector('.slide-panel .chart-row svg text')),
      counterCell: text(document.querySelector('.slide-panel section[aria-label="Counters"] td')),
      viewHeading: text(document.querySelector('.slide-panel .view-row h3')),
      prose: parseFloat(getComputedStyle(document.querySelector('.slide-text p')!).fontSize),
      // The controls grow with the slide too (they stayed at 16 px beside 22 px views).
      playButton: text(document.querySelector('.slide-panel .player-bar button.play')),
      clock: text(document.querySelector('.slide-panel .player-bar .sim-time')),
      knobLabel: text(document.querySelector('.slide-panel .knob label')),
      // The slide bar (title, Prev/Next, the count) grows with the screen (it stayed at 16 px).
      slideBar: parseFloat(getComputedStyle(document.querySelector('.presenter-bar')!).fontSize),
    };
  });
  expect(heights.slideBar).toBeGreaterThanOrEqual(19);
  expect(heights.playButton).toBeGreaterThanOrEqual(20);
  expect(heights.clock).toBeGreaterThanOrEqual(20);
  expect(heights.knobLabel).toBeGreaterThanOrEqual(20);
  expect(heights.axisLabel).toBeGreaterThanOrEqual(20);
  expect(heights.counterCell).toBeGreaterThanOrEqual(20);
  expect(heights.viewHeading).toBeGreaterThanOrEqual(20);
  // The slide text keeps its size (1.35vw), shrunk by at most 15% on a slide taller than the screen.
  expect(heights.prose).toBeGreaterThanOrEqual(0.85 * 25.92 - 0.01);
  expect(heights.prose).toBeLessThanOrEqual(25.93);

  expect(await overflows(page)).toEqual([]);
  // The slide is the screen: nothing inside a column (a visually hidden label in the
  // counters' headers) makes the page taller, so the wheel over the text scrolls the
  // text and the bar with Exit/Prev/Next stays on screen (the page was 4,700 px tall).
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(1080);
  await page.mouse.move(300, 600);
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, 400);
  await expect.poll(() => page.evaluate(() => document.querySelector('.slide-text')!.scrollTop)).toBeGreaterThan(0);
  expect(await page.evaluate(() => [window.scrollY, document.querySelector('.presenter-bar')!.getBoundingClientRect().top])).toEqual([0, 0]);
  const layout = await page.evaluate(() => {
    // A chart spans its row (laid out to the zoomed box, not to the page's px).
    const row = document.querySelector('.slide-panel .chart-row')!;
    const chart = row.querySelector('svg')!;
    // A canvas has a device pixel for each pixel it covers on the page.
    const canvases = [...document.querySelectorAll<HTMLCanvasElement>('.slide-panel canvas')].map((c) => ({
      backing: c.width,
      shown: Math.round(c.getBoundingClientRect().width * devicePixelRatio),
    }));
    // A/B blocks lined up to the taller one, not to the taller one times the zoom.
    const stretched: string[] = [];
    for (const cols of document.querySelectorAll('.slide-panel .view-cols.n2')) {
      const blocks = [...cols.querySelectorAll<HTMLElement>('[data-align]')];
      const shown = blocks.map((b) => b.offsetHeight);
      const saved = blocks.map((b) => b.style.minHeight);
      blocks.forEach((b) => (b.style.minHeight = ''));
      const natural = new Map<string, number>();
      blocks.forEach((b) => natural.set(b.dataset.align!, Math.max(natural.get(b.dataset.align!) ?? 0, b.offsetHeight)));
      blocks.forEach((b, i) => {
        b.style.minHeight = saved[i];
        if (shown[i] > natural.get(b.dataset.align!)! + 1) stretched.push(`${b.dataset.align}: ${shown[i]} > ${natural.get(b.dataset.align!)}`);
      });
    }
    return { chart: chart.getBoundingClientRect().width / row.getBoundingClientRect().width, canvases, stretched };
  });
  expect(layout.chart).toBeGreaterThan(0.9);
  expect(layout.chart).toBeLessThanOrEqual(1.001);
  expect(layout.canvases.length).toBeGreaterThanOrEqual(3);
  for (const c of layout.canvases) expect(Math.abs(c.backing - c.shown)).toBeLessThanOrEqual(2);
  expect(layout.stretched).toEqual([]);
  await screenshot('presenter-views-1920x1080', page, { fullPage: false });

  // Dark (a dim room) is as large: the slide text does not depend on the theme either.
  await page.getByRole('combobox', { name: 'Presenter theme' }).selectOption('dark');
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  expect((await smallestViewText(page)).px).toBeGreaterThanOrEqual(20);
  expect(await overflows(page)).toEqual([]);

  // A 1280×720 projector: smaller page px on the same wall, the views still fit.
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect.poll(() => page.evaluate(() => document.querySelector('.slide-panel .view-row')!.currentCSSZoom)).toBeLessThan(1.3);
  expect((await smallestViewText(page)).px).toBeGreaterThanOrEqual(12);
  expect(await overflows(page)).toEqual([]);
});

test('a lesson page keeps its views at their own sizes (no zoom)', async () => {
  const { page } = await openPage('/#/lesson/primary-keys?step=4', { viewport: { width: 1920, height: 1080 } });
  await waitForPanel(page);
  await page.locator('.lesson-panel .chart-row svg text').first().waitFor();
  const sizes = await page.evaluate(() => {
    const label = document.querySelector('.lesson-panel .chart-row svg text')!;
    return { zoom: label.currentCSSZoom, font: getComputedStyle(label).fontSize, h3: getComputedStyle(document.querySelector('.lesson-panel .view-row h3')!).fontSize };
  });
  expect(sizes).toEqual({ zoom: 1, font: '13px', h3: '15.2px' });
});

test('a lesson page in the projector theme zooms its views with its larger type (they stayed at 13 px beside 20 px text)', async () => {
  const { page, errors } = await openPage('/#/lesson/primary-keys?step=4', { viewport: { width: 1280, height: 800 } });
  await waitForPanel(page);
  await page.getByRole('combobox', { name: 'Colour theme' }).selectOption('projector');
  await stepForward(page, 2);
  const label = page.locator('.lesson-panel .chart-row svg text').first();
  await label.waitFor();
  const shown = () =>
    page.evaluate(() => {
      const l = document.querySelector('.lesson-panel .chart-row svg text')!;
      const panel = document.querySelector<HTMLElement>('.lesson-panel')!;
      const wide = [...document.querySelectorAll<HTMLElement>('.lesson-panel .view-row')].filter((r) => r.scrollWidth > r.clientWidth).map((r) => r.getAttribute('aria-label'));
      return { zoom: Math.round((l.currentCSSZoom ?? 1) * 100) / 100, px: Math.round(parseFloat(getComputedStyle(l).fontSize) * (l.currentCSSZoom ?? 1) * 10) / 10, wide, panelFits: panel.scrollWidth <= panel.clientWidth, pageFits: document.documentElement.scrollWidth <= innerWidth };
    });
  await expect.poll(async () => (await shown()).zoom).toBe(1.3);
  expect(await shown()).toEqual({ zoom: 1.3, px: 16.9, wide: [], panelFits: true, pageFits: true });
  // A 1024 px projector: a little less, so an A/B pair's columns keep their lines.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect.poll(async () => (await shown()).zoom).toBe(1.15);
  // (The views lay themselves out again at the new width within a frame or two.)
  await expect.poll(async () => (await shown()).wide, { timeout: 5_000 }).toEqual([]);
  expect((await shown()).pageFits).toBe(true);
  // Back to the light theme: the views' own sizes.
  await page.getByRole('combobox', { name: 'Colour theme' }).selectOption('light');
  await expect.poll(async () => (await shown()).zoom).toBe(1);
  expect(errors).toEqual([]);
});

test('presenter 1920×1080: a sweep\'s table of rates fits the slide\'s panel (zoomed as the other views, it ran 200 px past it)', async () => {
  const { page, errors } = await openPage('/#/present/query-cache?step=6', { viewport: { width: 1920, height: 1080 } });
  const table = page.locator('.slide-panel .sweep table').first();
  await table.waitFor({ timeout: 20_000 });
  const fit = () => table.evaluate((t) => ({ table: Math.round(t.getBoundingClientRect().width), box: Math.round(t.closest('.table-scroll')!.getBoundingClientRect().width), zoom: Math.round((t.currentCSSZoom ?? 1) * 100) / 100 }));
  await expect.poll(async () => (await fit()).zoom).toBeGreaterThan(1.2); // still larger than on a lesson page
  const f = await fit();
  expect(f.table, JSON.stringify(f)).toBeLessThanOrEqual(f.box);
  expect(errors).toEqual([]);
});

test('projector theme: a knob with a long name keeps its number box on its row (the name wraps after an underscore); the key help dims the page more', async () => {
  const { page, errors } = await openPage('/#/lesson/ahi-latch-contention?step=4', { viewport: { width: 1280, height: 800 } });
  await page.getByRole('combobox', { name: 'Colour theme' }).selectOption('projector');
  const knob = page.locator('.knob', { has: page.getByLabel('innodb_adaptive_hash_index_parts', { exact: true }) });
  await knob.waitFor();
  const rows = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('.knobs .knob')].map((k) => {
        const top = (sel: string) => Math.round(k.querySelector(sel)?.getBoundingClientRect().top ?? -1);
        const range = k.querySelector('input[type=range]');
        const label = k.querySelector('label')!;
        return { name: label.textContent, numberBesideRange: range ? Math.abs(top('input[type=range]') + range.getBoundingClientRect().height / 2 - (top('.knob-number') + k.querySelector('.knob-number')!.getBoundingClientRect().height / 2)) < 4 : true, labelFits: label.scrollWidth <= label.clientWidth + 1 };
      }),
    );
  const all = await rows();
  expect(all.map((r) => r.name)).toEqual(['Client threads (threads)', 'innodb_adaptive_hash_index_parts', 'Random seed']);
  expect(all.every((r) => r.numberBesideRange && r.labelFits), JSON.stringify(all)).toBe(true);
  // The key help dims the page enough to read as dimmed on a projector (30% looked undimmed).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('?');
  await page.locator('dialog.key-help').waitFor();
  expect(await page.locator('dialog.key-help').evaluate((d) => getComputedStyle(d, '::backdrop').backgroundColor)).toBe('rgba(0, 0, 0, 0.55)');
  expect(errors).toEqual([]);
});

test('presenter 1280×720: ↓ and ↑ scroll a slide text taller than the screen, a cue says there is more, a new slide starts at its top', async () => {
  const { page, errors } = await openPage('/#/present/primary-keys?step=2', { viewport: { width: 1280, height: 720 } });
  const text = page.locator('.slide-text');
  await text.locator('h1', { hasText: 'Inserting in order' }).waitFor();
  const box = () => text.evaluate((e) => ({ top: e.scrollTop, more: e.scrollTop + e.clientHeight < e.scrollHeight - 2 }));
  // The step's quiz lies below the screen: the cue shows, and the arrows scroll the text.
  expect((await box()).more).toBe(true);
  await expect.poll(() => page.locator('.slide-more').isVisible()).toBe(true);
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await box()).top).toBeGreaterThan(100);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await box()).more).toBe(false);
  // The cue follows the scroll event, a render after the text has moved.
  await expect.poll(() => page.locator('.slide-more').count()).toBe(0);
  expect(await page.locator('.presenter-count').textContent()).toBe('2 / 11'); // still the same slide
  await page.keyboard.press('ArrowUp');
  await expect.poll(async () => (await box()).more).toBe(true);
  // Shift+↓ and Shift+↑ scroll the panel (several screens of views), not the text.
  const panel = page.locator('.slide-panel');
  await panel.locator('.player-bar').waitFor();
  // (once the text's smooth scroll has settled)
  const settled = async () => {
    const a = (await box()).top;
    await page.waitForTimeout(150);
    return a === (await box()).top;
  };
  await expect.poll(settled).toBe(true);
  const textTop = (await box()).top;
  const panelTop = () => panel.evaluate((e) => e.scrollTop);
  const from = await panelTop();
  await page.keyboard.press('Shift+ArrowDown');
  await expect.poll(panelTop).toBeGreaterThan(from + 200);
  expect((await box()).top).toBe(textTop);
  await page.keyboard.press('Shift+ArrowUp');
  await expect.poll(panelTop).toBe(from);
  // The next slide opens at its top.
  await page.keyboard.press('PageDown');
  await expect.poll(() => page.locator('.presenter-count').textContent()).toBe('3 / 11');
  expect((await box()).top).toBe(0);
  // A long lesson title is cut short with an ellipsis; the header keeps one row (it took
  // two, 108 px, and shortened both columns).
  await page.goto(page.url().replace(/#.*$/, '#/present/adaptive-flushing?step=7'));
  await page.locator('.slide-text h1', { hasText: "The DBA's knobs" }).waitFor();
  expect(await page.locator('.presenter-bar').evaluate((e) => e.getBoundingClientRect().height)).toBeLessThan(70);
  expect(await page.locator('.presenter-title').getAttribute('title')).toBe('Redo, checkpoints and adaptive flushing: why throughput falls off a cliff');
  // The key help fits its Close button on a 720 px screen (at its foot, it was cut off).
  await page.keyboard.press('?');
  const close = page.locator('dialog.key-help').getByRole('button', { name: 'Close' });
  await close.waitFor();
  const r = await close.evaluate((e) => e.getBoundingClientRect().toJSON() as DOMRect);
  expect(r.top).toBeGreaterThanOrEqual(0);
  expect(r.bottom).toBeLessThanOrEqual(720);
  // and its whole list, Esc's row last (it scrolled 43 px: the last row was cut off)
  expect(await page.locator('dialog.key-help').evaluate((d) => d.scrollHeight - d.clientHeight)).toBeLessThanOrEqual(1);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('dialog.key-help').count()).toBe(0);
  expect(errors).toEqual([]);
});

test('presenter 1024×768: a slide goes to its view though the panel was scrolled on the slide before (its shrinking while loading read as the reader\'s scroll)', async () => {
  const { page, errors } = await openPage('/#/present/primary-keys?step=8', { viewport: { width: 1024, height: 768 } });
  const panel = page.locator('.slide-panel');
  await waitForPanel(page);
  // The teacher scrolls this slide's panel to its foot.
  for (let i = 0; i < 12; i++) await page.keyboard.press('Shift+ArrowDown');
  await expect.poll(() => panel.evaluate((e) => e.scrollTop)).toBeGreaterThan(1500);
  await page.keyboard.press('PageDown');
  await expect.poll(() => page.locator('.presenter-count').textContent()).toBe('9 / 11');
  // Slide 9's focus, the mean insert latency chart, comes up under the player bar (it stayed
  // 1,214 px down, the panel where its clamping left it).
  const chart = panel.locator('[data-chart="latency_mean_us"]');
  const barBottom = () => panel.locator('.player-bar').evaluate((e) => e.getBoundingClientRect().bottom);
  await expect.poll(async () => (await chart.count()) > 0 && Math.abs((await chart.evaluate((e) => e.getBoundingClientRect().top)) - (await barBottom())) < 40, { timeout: 30_000 }).toBe(true);
  expect(errors).toEqual([]);
});

/** A presenter slide (`path`), its panel scrolled to the slide's view (`view`), 8 px under the player bar. */
async function atSlideView(path: string, view: string, viewport: { width: number; height: number }, counterName?: string) {
  const { page, errors } = await openPage(path, { viewport });
  const panel = page.locator('.slide-panel');
  const target = panel.locator(view);
  const gap = () => gapUnderBar(target);
  await waitForPanel(page, counterName);
  await expect.poll(async () => (await target.count()) > 0 && Math.abs((await gap()) - 8) <= 1, { timeout: 30_000 }).toBe(true);
  await page.waitForTimeout(1200);
  return { page, errors, panel, gap };
}

const atSizeTable = (viewport: { width: number; height: number }) => atSlideView('/#/present/primary-keys?step=4', '[data-view="sizes"]', viewport);

test('presenter 1024×768: the slide\'s view stays under the player bar through a run (views above it grew, and the size table slid 21 px down under a strip of the chart before it); Shift+↓ still scrolls', async () => {
  const { page, errors, panel, gap } = await atSizeTable({ width: 1024, height: 768 });
  const before = await gap();
  const scrolled = await panel.evaluate((e) => e.scrollTop);
  await page.keyboard.press(' ');
  await expect.poll(() => page.locator('.slide-panel .player-bar').textContent(), { timeout: 60_000 }).toContain('run complete');
  // The views above did grow: the panel scrolled to keep the table where it was.
  expect(await panel.evaluate((e) => e.scrollTop)).toBeGreaterThan(scrolled + 50);
  // A chart's "A done" is drawn over the data lines, on its halo (B's line crossed it).
  const order = await panel.evaluate((p) =>
    [...p.querySelectorAll('.chart-row svg')].flatMap((svg) => {
      const done = [...svg.querySelectorAll('text')].find((t) => t.textContent === 'A done');
      const line = [...svg.querySelectorAll('g[stroke] > path')].pop(); // the last data line
      return done && line ? [Boolean(line.compareDocumentPosition(done) & Node.DOCUMENT_POSITION_FOLLOWING)] : [];
    }),
  );
  expect(order.length).toBeGreaterThan(0);
  expect(order.every(Boolean)).toBe(true);
  expect(Math.abs((await gap()) - before)).toBeLessThanOrEqual(1);
  // The presenter's own scroll is theirs: the table goes up and stays there.
  await page.keyboard.press('Shift+ArrowDown');
  await expect.poll(() => gap()).toBeLessThan(before - 20);
  const moved = await settledValue(gap); // a smooth scroll: where it ends
  await page.waitForTimeout(1000);
  expect(Math.abs((await gap()) - moved)).toBeLessThanOrEqual(1);
  // Another theme (T) leaves the presenter's scroll alone too (it went back to the view).
  const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
  const was = await theme();
  await page.keyboard.press('t');
  await expect.poll(theme).not.toBe(was);
  await page.waitForTimeout(1500);
  expect(await gap()).toBeLessThan(before - 20);
  expect(errors).toEqual([]);
});

test('presenter: the pinned view keeps 8 px under the player bar when the bar grows ("run complete" at 1440×900) and when the window narrows mid-run', async () => {
  const { page, errors, panel, gap } = await atSizeTable({ width: 1440, height: 900 });
  const barHeight = () => panel.locator('.player-bar').evaluate((e) => e.getBoundingClientRect().height);
  const bar = await barHeight();
  await page.keyboard.press(' ');
  await page.waitForTimeout(300);
  await page.setViewportSize({ width: 1240, height: 800 });
  await page.waitForTimeout(300);
  expect(Math.abs((await gap()) - 8)).toBeLessThanOrEqual(1);
  await expect.poll(() => page.locator('.slide-panel .player-bar').textContent(), { timeout: 60_000 }).toContain('run complete');
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect.poll(barHeight).toBeGreaterThan(bar + 2); // the badge's row
  await expect.poll(async () => Math.abs((await gap()) - 8) <= 1).toBe(true);
  await page.waitForTimeout(500);
  expect(Math.abs((await gap()) - 8)).toBeLessThanOrEqual(1);
  expect(errors).toEqual([]);
});

test('presenter 1024×768: back to a slide during its run, its view lands 8 px under the player bar (views that grew during the smooth scroll left it 20-30 px low)', async () => {
  const { page, errors, gap } = await atSlideView('/#/present/adaptive-flushing?step=5', '[data-chart="tps"]', { width: 1024, height: 768 }, 'Com_commit');
  await page.keyboard.press(' ');
  await page.waitForTimeout(2500);
  await page.keyboard.press('PageDown');
  await expect.poll(() => page.locator('.presenter-count').textContent()).toBe('6 / 12');
  await page.waitForTimeout(1000);
  await page.keyboard.press('PageUp');
  await expect.poll(() => page.locator('.presenter-count').textContent()).toBe('5 / 12');
  await page.waitForTimeout(2500);
  expect(Math.abs((await gap()) - 8)).toBeLessThanOrEqual(1);
  expect(errors).toEqual([]);
});

test('presenter 1024×768: the five-column table of adaptive-hash-index slide 14 fits its column (it ran 11 px past it, and presenter keys cannot scroll sideways)', async () => {
  const { page, errors } = await openPage('/#/present/adaptive-hash-index?step=14', { viewport: { width: 1024, height: 768 } });
  const table = page.locator('.slide-text .prose table');
  await table.first().waitFor();
  expect(await table.count()).toBe(1);
  expect(await table.evaluate((t) => t.scrollWidth - t.clientWidth)).toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
});

test('presenter 1024×768: a sweep\'s A/B table too wide for the panel becomes one table per side, each fitting (B\'s columns sat 192 px to the side)', async () => {
  const { page, errors } = await openPage('/#/present/query-cache?step=6', { viewport: { width: 1024, height: 768 } });
  const tables = page.locator('.slide-panel .sweep table.sweep-table');
  await tables.first().waitFor({ timeout: 20_000 });
  await expect.poll(() => tables.count()).toBe(2);
  expect(await tables.locator('thead th[colspan]').allTextContents()).toEqual(['A: MySQL 5.7', 'B: Aurora (conceptual cache)']);
  for (const t of await tables.all()) expect(await t.evaluate((e) => (e as HTMLElement).offsetWidth <= e.closest('.table-scroll')!.clientWidth)).toBe(true);
  // Wider, side by side again.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await expect.poll(() => tables.count()).toBe(1);
  expect(errors).toEqual([]);
});

test('presenter: R runs the slide\'s sweep (a presenter had to Tab to its button), and again once it is done; the key help lists it', async () => {
  const { page, errors } = await openPage('/#/present/query-cache?step=4', { viewport: { width: 1280, height: 720 } });
  const run = page.locator('.slide-panel .sweep-controls button.sweep-run');
  const status = page.locator('.slide-panel .sweep-status');
  await run.waitFor({ timeout: 20_000 });
  await expect.poll(() => run.isEnabled(), { timeout: 30_000 }).toBe(true);
  expect(await status.textContent()).toMatch(/^8 runs of 0\.50 simulated s each/);
  // The footer's key line names R on a slide with a sweep (only there).
  const hint = page.locator('.presenter-hint');
  expect(await hint.textContent()).toContain('· R run the sweep ·');
  await page.keyboard.press('r');
  await expect.poll(async () => (await status.textContent()) ?? '', { timeout: 20_000 }).toMatch(/^(Running: \d+ of 8 runs done|Done: 8 runs)/);
  await expect.poll(async () => (await status.textContent()) ?? '', { timeout: 120_000 }).toMatch(/^Done: 8 runs/);
  expect(await run.textContent()).toBe('Run the sweep again');
  // R left focus where it was, not on the sweep's buttons: the next Space plays the
  // panel (it pressed "Run the sweep again", and the sweep started over).
  expect(await page.evaluate(() => document.activeElement?.closest('.sweep-controls') ?? null)).toBeNull();
  expect(await simTime(page)).toBe('0 µs');
  await page.keyboard.press(' ');
  await expect.poll(() => simTime(page), { timeout: 20_000 }).not.toBe('0 µs');
  await page.keyboard.press(' ');
  expect(await status.textContent()).toMatch(/^Done: 8 runs/);
  await page.keyboard.press('R');
  await expect.poll(async () => (await status.textContent()) ?? '', { timeout: 20_000 }).toMatch(/^Running: \d+ of 8 runs done/);
  await expect.poll(async () => (await status.textContent()) ?? '', { timeout: 120_000 }).toMatch(/^Done: 8 runs/);
  // Run by a mouse click, the same: Space then plays (the clicked button kept focus, and
  // Space ran the sweep again).
  // Even while it runs: Space then neither cancels it (focus went to Cancel) nor runs it again.
  const click = async (b: typeof run) => {
    const at = (await b.boundingBox())!;
    await page.mouse.click(at.x + at.width / 2, at.y + at.height / 2);
  };
  const onSweepButtons = () => page.evaluate(() => document.activeElement?.closest('.sweep-controls') != null);
  await click(run);
  await expect.poll(async () => (await status.textContent()) ?? '', { timeout: 20_000 }).toMatch(/^Running: \d+ of 8 runs done|^Done: 8 runs/);
  expect(await onSweepButtons()).toBe(false);
  await spacePlaysThenPauses(page);
  expect(await status.textContent()).not.toMatch(/^Cancelled/);
  await expect.poll(async () => (await status.textContent()) ?? '', { timeout: 120_000 }).toMatch(/^Done: 8 runs/);
  expect(await onSweepButtons()).toBe(false);
  // Cancel clicked: the same.
  await click(run);
  await click(page.locator('.slide-panel .sweep-controls button', { hasText: /^Cancel$/ }));
  await expect.poll(async () => (await status.textContent()) ?? '', { timeout: 20_000 }).toMatch(/^Cancelled|^Done: 8 runs/);
  expect(await onSweepButtons()).toBe(false);
  await spacePlaysThenPauses(page);
  expect(await status.textContent()).not.toMatch(/^Running/);
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  expect(await help.textContent()).toContain("Rrun the slide's sweep (again), on a slide that has one");
  await page.keyboard.press('Escape');
  // A slide with no sweep: R does nothing, and says nothing wrong.
  await page.keyboard.press('Home');
  await page.keyboard.press('r');
  expect(await page.locator('.slide-panel .sweep').count()).toBe(0);
  await expect.poll(async () => (await hint.textContent()) ?? '').not.toContain('R run the sweep');
  expect(await hint.textContent()).toContain('Space play');
  expect(errors).toEqual([]);
});
