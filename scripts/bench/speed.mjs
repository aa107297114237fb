// Section "speed": simulated statements (summary Questions) per wall second of the
// simulation loop, median of several runs, natively (CLI), as WASM in Node and as
// WASM in the site's Web Worker in Chromium, for every scenario file the lessons use;
// plus the headline: 1M random-PK inserts, the 256-thread AHI point selects and the
// read-write load in simulated transactions per wall second. Every run starts a fresh engine (process,
// child process, worker), and the three engines' runs are interleaved. A WASM run shorter
// than 1 s is repeated in its warm instance and the median warm run kept (a short cold run
// mostly measures V8 compiling the module).
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, log } from '../lib/util.mjs';
import { discoverLessons, SCENARIOS_DIR, scenarioText } from './lessons.mjs';
import { runNative, runTrees } from './native.mjs';
import { goalRow, infoRow, missingRow } from './report.mjs';
import { fmtRate, fmtX, median } from './stats.mjs';
import { runChild } from './fork.mjs';
import { workerRunner } from './worker-speed.mjs';

const TAG = 'bench:speed';
const S = 'speed';
export const GOALS = { headlineNativeRate: 1_000_000, headlineWasmToNative: 0.75, wasmToNative: 0.8, latchNativeRate: 2_000_000, latchWasmToNative: 0.75 };

/** LATCH-1 scaled as a steady load: ahi-latch-8.0.25.json (256 threads, 96 cores, 2M
 *  cached rows) with the AHI on from the start and no knob change, 2 simulated s. */
function latchScenario() {
  const src = path.join(SCENARIOS_DIR, 'ahi-latch-8.0.25.json');
  if (!fs.existsSync(src)) return null;
  const sc = JSON.parse(fs.readFileSync(src, 'utf8'));
  sc.server = { ...sc.server, innodb_adaptive_hash_index: true };
  sc.run = { ...sc.run, duration_s: 2, changes: [] };
  const file = path.join(ROOT, 'bench-results', 'bench-latch-scenario.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(sc));
  return { file, json: JSON.stringify(sc), simSeconds: sc.run.duration_s };
}

/** The query cache load of issue 6: qc-mysql-256mb.json as the lesson ships it
 *  (sysbench 0.5 oltp.lua, 25 point selects per transaction, 2048 clients on 32
 *  vCPUs, MySQL's query cache on), 1 simulated s. */
function qcScenario() {
  const src = path.join(SCENARIOS_DIR, 'qc-mysql-256mb.json');
  if (!fs.existsSync(src)) return null;
  const text = fs.readFileSync(src, 'utf8');
  return { file: src, json: text, simSeconds: JSON.parse(text).run?.duration_s ?? 1 };
}

/** Runs every engine `runs` times, interleaved (native, Node, worker, native, ...), so
 *  background load on a shared machine hits all three alike; medians per engine. */
async function interleaved(runs, engines) {
  const all = Object.fromEntries(Object.keys(engines).map((k) => [k, []]));
  const failed = {};
  for (let i = 0; i < runs; i++) {
    for (const [k, once] of Object.entries(engines)) {
      if (failed[k]) continue;
      const r = await once();
      if (r.missing) failed[k] = r;
      else all[k].push(r);
    }
  }
  const out = {};
  for (const [k, list] of Object.entries(all)) {
    out[k] = failed[k] ?? {
      rate: median(list.map((r) => r.rate)),
      txRate: list.every((r) => typeof r.txRate === 'number') ? median(list.map((r) => r.txRate)) : null,
      selectRate: list.every((r) => typeof r.selects === 'number') ? median(list.map((r) => r.selects / r.wall)) : null,
      ops: list[0]?.ops,
      walls: list.map((r) => r.wall),
      done: list.every((r) => r.done !== false),
      memoryBytes: list[0]?.memoryBytes,
    };
  }
  return out;
}

/** The read-write load (FLUSH-2's): flush-56-labs.json, sysbench oltp_read_write
 *  without ranges, 16 threads on a 1M-row table, 5.6-labs flushing, 20 simulated s. */
function readWriteScenario() {
  const src = path.join(SCENARIOS_DIR, 'flush-56-labs.json');
  if (!fs.existsSync(src)) return null;
  const sc = JSON.parse(fs.readFileSync(src, 'utf8'));
  sc.run = { ...sc.run, duration_s: 20, changes: [] };
  const file = path.join(ROOT, 'bench-results', 'bench-read-write-scenario.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(sc));
  return { file, json: JSON.stringify(sc), simSeconds: sc.run.duration_s };
}

/** The headline scenario: pk-random with workload.max_rows = rows. */
function headlineScenario(rows) {
  const src = path.join(SCENARIOS_DIR, 'pk-random.json');
  if (!fs.existsSync(src)) return null;
  const sc = JSON.parse(fs.readFileSync(src, 'utf8'));
  sc.workload = { ...(sc.workload ?? {}), max_rows: rows };
  const file = path.join(ROOT, 'bench-results', 'bench-scenario.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(sc));
  return { file, json: JSON.stringify(sc) };
}

/** The headline's B+tree work alone, native: its rows straight into the trees (no
 *  server, buffer pool or clock), the same keys into std BTreeMaps, and the trees'
 *  share of the full native run. Shows how much of the run is the trees and how fast
 *  a general in-memory ordered map does the same inserts. */
function treeRows(rows, details, label, exe, file, runs, full) {
  const metric = (what) => `Headline ${label}: ${what}`;
  const out = [];
  for (let i = 0; exe && i < runs; i++) {
    const t = runTrees(exe, file);
    if (t.missing) {
      rows.push(missingRow({ section: S, metric: metric('B+trees alone, native'), note: t.missing }));
      return;
    }
    out.push(t);
  }
  if (!out.length) {
    rows.push(missingRow({ section: S, metric: metric('B+trees alone, native'), note: 'needs the native CLI' }));
    return;
  }
  const treeS = median(out.map((t) => t.treeSeconds));
  const mapS = median(out.map((t) => t.mapSeconds));
  const n = out[0].rows;
  details.headlineTrees = { rows: n, indexes: out[0].indexes, pages: out[0].pages, treeSeconds: out.map((t) => t.treeSeconds), mapSeconds: out.map((t) => t.mapSeconds) };
  const timed = (s) => (v) => `${fmtRate(v)} (${s.toFixed(2)} s)`;
  rows.push(infoRow({ section: S, metric: metric(`the same rows into its ${out[0].indexes} B+trees alone (no server), native`), value: n / treeS, show: timed(treeS) }));
  rows.push(infoRow({ section: S, metric: metric('the same keys into std BTreeMaps, native'), value: out[0].mapRows / mapS, show: timed(mapS) }));
  const wall = median(full?.walls ?? []);
  rows.push(infoRow({ section: S, metric: metric('B+trees\' share of the native run'), value: wall ? treeS / wall : null, show: (v) => `${Math.round(v * 100)}%`, note: 'needs the native run' }));
}

/** Runs the section; resolves { rows, details }. `ctx` = { opts, native, wasm, browser() }. */
export async function speedSection(ctx) {
  const { opts } = ctx;
  const rows = [];
  const details = { headline: null, scenarios: {} };
  const nativeExe = ctx.native.exe;
  const files = [];
  for (const lesson of discoverLessons()) for (const f of lesson.scenarioFiles) if (!files.some((x) => x.file === f)) files.push({ file: f, lesson: lesson.id });
  const session = await ctx.browser();
  const worker = ctx.wasm.missing ? { missing: ctx.wasm.missing } : await workerRunner(session);
  // Each engine as a function of (scenario file path, scenario JSON) -> one run.
  const engines = (file, json) => ({
    native: () => (nativeExe ? runNative(nativeExe, file) : ctx.native),
    node: () => (ctx.wasm.missing ? ctx.wasm : runChild('wasm-run', { json })), // fresh process = fresh instance
    worker: () => (worker.missing ? worker : worker.run(json)), // fresh worker = fresh instance
  });
  try {
    // Headline: 1M random-PK inserts.
    const hl = headlineScenario(opts.headlineRows);
    const label = `${(opts.headlineRows / 1e6).toFixed(opts.headlineRows % 1e6 ? 1 : 0)}M random-PK inserts`;
    if (!hl) rows.push(missingRow({ section: S, metric: `Headline ${label}`, note: 'lessons/scenarios/pk-random.json missing' }));
    else {
      log(TAG, `headline: ${label}, ${opts.headlineRuns} run(s) each: native, WASM in Node, WASM in the Web Worker`);
      const r = await interleaved(opts.headlineRuns, engines(hl.file, hl.json));
      details.headline = { rows: opts.headlineRows, ...r };
      rows.push(goalRow({ section: S, metric: `Headline ${label}: native`, value: r.native.rate, goal: GOALS.headlineNativeRate, cmp: '>=', show: fmtRate, note: r.native.missing }));
      rows.push(infoRow({ section: S, metric: `Headline ${label}: WASM in Node`, value: r.node.rate, show: fmtRate, note: r.node.missing }));
      rows.push(infoRow({ section: S, metric: `Headline ${label}: WASM in Web Worker (Chromium)`, value: r.worker.rate, show: fmtRate, note: r.worker.missing }));
      for (const [k, name] of [
        ['node', 'WASM in Node'],
        ['worker', 'Web Worker'],
      ]) {
        const ratio = r.native.rate && r[k].rate ? r[k].rate / r.native.rate : null;
        rows.push(goalRow({ section: S, metric: `Headline ${label}: ${name} / native`, value: ratio, goal: GOALS.headlineWasmToNative, cmp: '>=', show: fmtX, note: 'needs both runs' }));
      }
      treeRows(rows, details, label, nativeExe, hl.file, opts.headlineRuns, r.native);
    }

    // 256-thread point selects with the AHI on (LATCH-1 scaled): native vs WASM in Node.
    const lt = latchScenario();
    const latchLabel = '256-thread point selects, AHI on (LATCH-1 scaled)';
    if (!lt) rows.push(missingRow({ section: S, metric: latchLabel, note: 'lessons/scenarios/ahi-latch-8.0.25.json missing' }));
    else {
      log(TAG, `${latchLabel}: ${opts.headlineRuns} run(s) each: native, WASM in Node`);
      const all = engines(lt.file, lt.json);
      const r = await interleaved(opts.headlineRuns, { native: all.native, node: all.node });
      details.latch = r;
      rows.push(goalRow({ section: S, metric: `${latchLabel}: native`, value: r.native.rate, goal: GOALS.latchNativeRate, cmp: '>=', show: fmtRate, note: r.native.missing }));
      rows.push(infoRow({ section: S, metric: `${latchLabel}: WASM in Node`, value: r.node.rate, show: fmtRate, note: r.node.missing }));
      const ratio = r.native.rate && r.node.rate ? r.node.rate / r.native.rate : null;
      rows.push(goalRow({ section: S, metric: `${latchLabel}: WASM in Node / native`, value: ratio, goal: GOALS.latchWasmToNative, cmp: '>=', show: fmtX, note: 'needs both runs' }));
      for (const [k, name] of [
        ['native', 'native'],
        ['node', 'WASM in Node'],
      ]) {
        const wall = r[k].walls?.length ? median(r[k].walls) / lt.simSeconds : null;
        rows.push(infoRow({ section: S, metric: `${latchLabel}: wall seconds per simulated second (${name})`, value: wall, show: (v) => `${v.toFixed(2)} s`, note: r[k].missing }));
      }
    }

    // The read-write load: simulated transactions per wall second, native vs WASM in Node.
    const rw = readWriteScenario();
    const rwLabel = 'read_write, 16 threads, 1M rows (FLUSH-2 load, 20 simulated s)';
    if (!rw) rows.push(missingRow({ section: S, metric: rwLabel, note: 'lessons/scenarios/flush-56-labs.json missing' }));
    else {
      log(TAG, `${rwLabel}: ${opts.headlineRuns} run(s) each: native, WASM in Node`);
      const all = engines(rw.file, rw.json);
      const r = await interleaved(opts.headlineRuns, { native: all.native, node: all.node });
      details.readWrite = r;
      const tps = (v) => `${fmtRate(v).replace(/\/s$/, '')} tx/s`;
      rows.push(infoRow({ section: S, metric: `${rwLabel}: simulated transactions per wall second, native`, value: r.native.txRate, show: tps, note: r.native.missing ?? (r.native.txRate == null ? 'no Com_commit in the summary' : undefined) }));
      rows.push(infoRow({ section: S, metric: `${rwLabel}: simulated transactions per wall second, WASM in Node`, value: r.node.txRate, show: tps, note: r.node.missing ?? (r.node.txRate == null ? 'no Com_commit in the summary' : undefined) }));
      const ratio = r.native.txRate && r.node.txRate ? r.node.txRate / r.native.txRate : null;
      rows.push(infoRow({ section: S, metric: `${rwLabel}: WASM in Node / native`, value: ratio, show: fmtX, note: 'needs both runs' }));
    }

    // 25-point-select transactions with the query cache on: SELECTs per wall second.
    const qc = qcScenario();
    const qcLabel = '25-point-select oltp.lua, 2048 clients, MySQL query cache on (qc-mysql-256mb)';
    if (!qc) rows.push(missingRow({ section: S, metric: qcLabel, note: 'lessons/scenarios/qc-mysql-256mb.json missing' }));
    else {
      log(TAG, `${qcLabel}: ${opts.headlineRuns} run(s) each: native, WASM in Node`);
      const all = engines(qc.file, qc.json);
      const r = await interleaved(opts.headlineRuns, { native: all.native, node: all.node });
      details.queryCache = r;
      rows.push(infoRow({ section: S, metric: `${qcLabel}: simulated SELECTs per wall second, native`, value: r.native.selectRate, show: fmtRate, note: r.native.missing }));
      rows.push(infoRow({ section: S, metric: `${qcLabel}: simulated SELECTs per wall second, WASM in Node`, value: r.node.selectRate, show: fmtRate, note: r.node.missing }));
      const ratio = r.native.selectRate && r.node.selectRate ? r.node.selectRate / r.native.selectRate : null;
      rows.push(goalRow({ section: S, metric: `${qcLabel}: WASM in Node / native`, value: ratio, goal: GOALS.wasmToNative, cmp: '>=', show: fmtX, note: 'needs both runs' }));
    }

    // Every lesson's scenario files, as the lessons ship them.
    for (const { file, lesson } of files) {
      log(TAG, `${file}: ${opts.speedRuns} run(s) each: native, WASM in Node, WASM in the Web Worker`);
      const r = await interleaved(opts.speedRuns, engines(path.join(SCENARIOS_DIR, file), scenarioText(file)));
      details.scenarios[file] = { lesson, ...r };
      const name = `${lesson} · ${file.replace(/\.json$/, '')}`;
      const ops = r.native.ops ?? r.node.ops ?? r.worker.ops;
      const opsNote = ops ? ` (${ops.toLocaleString('en-US')} statements)` : '';
      rows.push(infoRow({ section: S, metric: `${name}: native${opsNote}`, value: r.native.rate, show: fmtRate, note: r.native.missing }));
      rows.push(infoRow({ section: S, metric: `${name}: WASM in Node`, value: r.node.rate, show: fmtRate, note: r.node.missing }));
      rows.push(infoRow({ section: S, metric: `${name}: WASM in Web Worker (Chromium)`, value: r.worker.rate, show: fmtRate, note: r.worker.missing }));
      for (const [k, label] of [
        ['node', 'WASM in Node'],
        ['worker', 'Web Worker'],
      ]) {
        const ratio = r.native.rate && r[k].rate ? r[k].rate / r.native.rate : null;
        rows.push(goalRow({ section: S, metric: `${name}: ${label} / native`, value: ratio, goal: GOALS.wasmToNative, cmp: '>=', show: fmtX, note: 'needs both runs' }));
      }
    }
  } finally {
    await worker.close?.();
  }
  return { rows, details };
}
