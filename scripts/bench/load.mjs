// Section "load": download budget and time to interactive of the built site.
// Interactive = the first lesson's Play button enabled, which the player allows only
// once the engine worker has loaded the wasm and created the simulation(s). Measured
// from navigation start (performance.now() in the page) over cold loads: a fresh
// browser context each time, served by scripts/preview.mjs's server (no-store) on
// localhost, so network time is near zero and the figure is parse/compile/build time.
import { log } from '../lib/util.mjs';
import { newPage } from './browser.mjs';
import { initialJs, lazyLessons, wasmSize } from './bundle.mjs';
import { discoverLessons } from './lessons.mjs';
import { watchInteractive } from './page-probes.mjs';
import { goalRow, infoRow, missingRow } from './report.mjs';
import { fmtKB, fmtMs, median } from './stats.mjs';

const TAG = 'bench:load';
const S = 'load';
export const GOALS = { wasmGzipBytes: 150_000, initialJsGzipBytes: 150_000 };

/* global window */
function timings() {
  const nav = performance.getEntriesByType('navigation')[0];
  const res = performance.getEntriesByType('resource').filter((r) => r.startTime <= window.__benchInteractiveAt);
  return {
    interactiveMs: window.__benchInteractiveAt,
    domContentLoadedMs: nav?.domContentLoadedEventEnd ?? null,
    loadMs: nav?.loadEventEnd ?? null,
    resources: res.map((r) => ({ name: r.name.replace(/^.*\//, ''), startMs: r.startTime, endMs: r.responseEnd, bytes: r.encodedBodySize })),
  };
}

async function coldLoad(session, lessonId) {
  const p = await newPage(session);
  try {
    await p.page.addInitScript(watchInteractive);
    await p.page.goto(new URL(`#/lesson/${lessonId}`, session.url).href);
    await p.page.waitForFunction(() => window.__benchInteractiveAt !== undefined, null, { timeout: 60_000 });
    return { ...(await p.page.evaluate(timings)), errors: p.errors.slice(0, 5) };
  } finally {
    await p.close();
  }
}

/** Runs the section; resolves { rows, details }. */
export async function loadSection(ctx) {
  const { opts } = ctx;
  const rows = [];
  const lessons = discoverLessons();
  const wasm = wasmSize(ctx.siteDir);
  const js = initialJs(ctx.siteDir);
  rows.push(goalRow({ section: S, metric: `WASM size, gzip (raw ${wasm.bytes ? fmtKB(wasm.bytes) : '—'})`, value: wasm.gzip, goal: GOALS.wasmGzipBytes, cmp: '<=', show: fmtKB, note: wasm.missing }));
  rows.push(
    goalRow({
      section: S,
      metric: `Initial JS, gzip (raw ${js.bytes ? fmtKB(js.bytes) : '—'}; ${js.files?.length ?? 0} file(s): entry + static imports)`,
      value: js.gzip,
      goal: GOALS.initialJsGzipBytes,
      cmp: '<=',
      show: fmtKB,
      note: js.missing,
    }),
  );
  const lazy = js.missing ? [] : lazyLessons(lessons, js, ctx.siteDir);
  for (const l of lazy) {
    const display = l.lazy ? `yes (${l.chunks.join(', ')})` : l.chunks.length ? `no: ${[...l.inInitial, l.textInInitial ? 'lesson text in initial JS' : ''].filter(Boolean).join(', ')}` : 'no lesson chunk found';
    rows.push({ section: S, metric: `${l.lesson}: lesson chunks not in the initial set`, value: l.lazy ? 1 : 0, display, goal: 'lazy', status: l.lazy ? 'pass' : 'short', shortBy: null });
  }

  const first = lessons[0];
  const session = first ? await ctx.browser() : { missing: 'no lessons' };
  const details = { wasm, initialJs: js, lazy, loads: [] };
  if (session.missing) rows.push(missingRow({ section: S, metric: 'Time to interactive', note: session.missing }));
  else {
    log(TAG, `#/lesson/${first.id}: ${opts.loadRuns} cold load(s)`);
    for (let i = 0; i < opts.loadRuns; i++) {
      try {
        details.loads.push(await coldLoad(session, first.id));
      } catch (e) {
        details.loads.push({ missing: String(e.message ?? e).split('\n')[0].slice(0, 160) });
      }
    }
    const ok = details.loads.filter((l) => !l.missing);
    const tti = median(ok.map((l) => l.interactiveMs));
    const dcl = median(ok.map((l) => l.domContentLoadedMs));
    rows.push(
      infoRow({
        section: S,
        metric: `Time to interactive, #/lesson/${first.id} (navigation → the player has its engine; median of ${ok.length} cold loads, localhost; DOMContentLoaded ${dcl != null ? fmtMs(dcl) : '—'})`,
        value: tti,
        show: fmtMs,
        note: ok.length ? undefined : details.loads[0]?.missing,
      }),
    );
  }
  return { rows, details };
}
