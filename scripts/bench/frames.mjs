// Section "frames": the frame budget of every lesson step that holds an experiment.
// For each, a fresh page opens #/lesson/<id>?step=N on the built site, waits for the
// engine (Play no longer loading), sets the speed to "max" and plays for a few seconds with the
// experiment's views (all of them: the site has no view toggles). Frame time = the gap
// between consecutive requestAnimationFrame timestamps; long tasks = main-thread
// PerformanceObserver('longtask') entries over 50 ms. A run that completes early is
// reset and played again, so the whole window is spent playing.
import { log } from '../lib/util.mjs';
import { newPage } from './browser.mjs';
import { discoverLessons } from './lessons.mjs';
import { playerState, playReady, runNotDone, startFrameRecorder, stopFrameRecorder } from './page-probes.mjs';
import { goalRow, missingRow } from './report.mjs';
import { fmtMs, median, percentile } from './stats.mjs';

const TAG = 'bench:frames';
const S = 'frames';
export const GOALS = { p95FrameMs: 16.7, longTasks: 0 };
// rAF timestamps of frames that all made their vsync still differ by ±0.1-0.5 ms.
const JITTER_MS = 1;
const VSYNC_MS = 1000 / 60;
const HEADLESS_NOTE = 'headless Chromium, software rendering (--disable-gpu)';

async function measureStep(session, lesson, exp, seconds) {
  const p = await newPage(session);
  const { page } = p;
  try {
    await page.goto(new URL(`#/lesson/${lesson.id}?step=${exp.step}`, session.url).href);
    await page.waitForFunction(playReady, null, { timeout: 60_000 });
    await page.selectOption('.player-bar select', 'max');
    await page.waitForTimeout(300); // let layout settle after the first frame
    await page.evaluate(startFrameRecorder);
    const click = (sel) => page.click(sel, { timeout: 10_000 });
    await click('.player-bar button.play');
    const t0 = Date.now();
    let restarts = 0;
    while (Date.now() - t0 < seconds * 1000) {
      await page.waitForTimeout(150);
      const st = await page.evaluate(playerState);
      if (!st.playing && st.done) {
        restarts++;
        await click('.player-bar button[aria-label="Reset to start"]');
        await page.waitForFunction(runNotDone, null, { timeout: 30_000 });
        await click('.player-bar button.play');
      } else if (!st.playing) {
        await click('.player-bar button.play');
      }
    }
    const rec = await page.evaluate(stopFrameRecorder);
    const end = await page.evaluate(playerState);
    const deltas = rec.stamps.slice(1).map((t, i) => t - rec.stamps[i]);
    // Frames by how many 60 Hz intervals they took: 1 = on time, 2+ = dropped frames.
    const vsyncs = {};
    for (const d of deltas) {
      const k = Math.max(1, Math.round(d / VSYNC_MS));
      vsyncs[k > 4 ? '5+' : k] = (vsyncs[k > 4 ? '5+' : k] ?? 0) + 1;
    }
    const late = deltas.filter((d) => d > VSYNC_MS + JITTER_MS).length;
    return {
      vsyncs,
      lateFrames: late,
      step: exp.step,
      experiment: exp.id,
      frames: deltas.length,
      p95: percentile(deltas, 95),
      median: median(deltas),
      max: deltas.length ? Math.max(...deltas) : null,
      longTasks: rec.longTaskSupported ? rec.longTasks.length : null,
      longTaskMs: rec.longTasks.reduce((a, l) => a + l.duration, 0),
      longestTaskMs: rec.longTasks.reduce((a, l) => Math.max(a, l.duration), 0),
      restarts,
      simTimeAtEnd: end.time,
      errors: p.errors.slice(0, 5),
    };
  } finally {
    await p.close();
  }
}

/** Runs the section; resolves { rows, details }. */
export async function framesSection(ctx) {
  const { opts } = ctx;
  const session = await ctx.browser();
  const rows = [];
  const details = { note: HEADLESS_NOTE, seconds: opts.frameSeconds, steps: [] };
  const lessons = discoverLessons();
  for (const lesson of lessons) {
    for (const exp of lesson.experiments) {
      const metric = `${lesson.id} step ${exp.step} (${exp.id})`;
      if (session.missing) {
        rows.push(missingRow({ section: S, metric: `${metric}: p95 frame`, note: session.missing }));
        continue;
      }
      log(TAG, `${metric}: ${opts.frameSeconds} s at max speed`);
      let r;
      try {
        r = await measureStep(session, lesson, exp, opts.frameSeconds);
      } catch (e) {
        rows.push(missingRow({ section: S, metric: `${metric}: p95 frame`, note: String(e.message ?? e).split('\n')[0].slice(0, 160) }));
        continue;
      }
      details.steps.push({ lesson: lesson.id, ...r });
      const latePct = r.frames ? Math.round((100 * r.lateFrames) / r.frames) : 0;
      const extra = `${r.frames} frames, ${latePct}% late, max ${r.max != null ? fmtMs(r.max) : '—'}${r.restarts ? `, ${r.restarts} replay(s)` : ''}`;
      rows.push(
        goalRow({
          section: S,
          metric: `${metric}: p95 frame time (${extra})`,
          value: r.p95,
          goal: GOALS.p95FrameMs,
          cmp: '<=',
          show: fmtMs,
          note: 'no frames recorded',
          slack: JITTER_MS,
          slackText: '+1 ms timestamp jitter',
        }),
      );
      const lt = r.longTasks == null ? null : r.longTasks;
      const ltRow = goalRow({ section: S, metric: `${metric}: long tasks > 50 ms${r.longTasks ? ` (longest ${fmtMs(r.longestTaskMs)})` : ''}`, value: lt, goal: GOALS.longTasks, cmp: '<=', show: (v) => String(v), note: 'longtask entries not supported' });
      // "short by N%" has no meaning against a goal of 0: say how many.
      if (ltRow.status === 'short') ltRow.shortBy = null;
      rows.push(ltRow);
    }
  }
  if (!lessons.length) rows.push(missingRow({ section: S, metric: 'frame budget', note: 'no lessons with experiments' }));
  return { rows, details };
}
