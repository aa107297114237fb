// The WebAssembly engine in this Node process: web/src/engine/pkg (built by
// scripts/build-engine.mjs --release, wasm-opt'd) loaded with initSync(). initSync
// returns the instance's exports, whose `memory` is the wasm linear memory.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PKG_DIR, ROOT, run } from '../lib/util.mjs';
import { operationsOf, selectsOf, transactionsOf } from './ops.mjs';

/** Rebuilds the wasm package (release) when asked; resolves { ok } or { missing }. */
export async function buildWasm({ build }) {
  if (build) {
    const b = await run(process.execPath, [path.join(ROOT, 'scripts', 'build-engine.mjs'), '--release']);
    if (b.code !== 0) return { missing: 'engine does not build for wasm' };
  }
  return fs.existsSync(path.join(PKG_DIR, 'innodb_lab_bg.wasm')) ? { ok: true } : { missing: 'web/src/engine/pkg not built' };
}

/** Wall seconds under which a WASM run is repeated warm (see child.mjs, worker-speed.mjs). */
export const SHORT_RUN_S = 1;

/**
 * Repeats a short run after its cold `first` until about 1 s of runs (at least 3, at most
 * 12) and returns the median warm run (the cold one left out), marked `warm: n`.
 */
export function warmRuns(once, first) {
  const runs = [];
  let total = first.wall;
  while (runs.length < 12 && (runs.length < 3 || total < 1)) {
    const r = once();
    if (r.missing) return r;
    runs.push(r);
    total += r.wall;
  }
  runs.sort((a, b) => a.wall - b.wall);
  return { ...runs[Math.floor(runs.length / 2)], warm: runs.length };
}

let loaded = null;

/** The package and its exports ({ pkg, exports, memory }), loaded once per process. */
export async function loadWasm() {
  if (loaded) return loaded;
  const js = path.join(PKG_DIR, 'innodb_lab.js');
  const wasm = path.join(PKG_DIR, 'innodb_lab_bg.wasm');
  if (!fs.existsSync(js) || !fs.existsSync(wasm)) return { missing: 'web/src/engine/pkg not built' };
  const pkg = await import(pathToFileURL(js).href);
  if (typeof pkg.initSync !== 'function' || typeof pkg.Simulation !== 'function') return { missing: 'pkg has no initSync/Simulation export' };
  const exports = pkg.initSync({ module: fs.readFileSync(wasm) });
  loaded = { pkg, exports, memory: exports.memory };
  return loaded;
}

/** Virtual end of a simulation's run, ns (end_ns() when exported, else duration_s). */
export function endNs(sim) {
  if (typeof sim.end_ns === 'function') return sim.end_ns();
  return Number(JSON.parse(sim.scenario_json())?.run?.duration_s ?? 0) * 1e9;
}

/** One run to the end of `scenarioJson`: { ops, wall, rate, txRate, buildSeconds } or { missing }. */
export function runWasm(pkg, scenarioJson) {
  let sim;
  const t0 = performance.now();
  try {
    sim = new pkg.Simulation(scenarioJson);
  } catch (e) {
    return { missing: `Simulation rejected the scenario: ${String(e.message ?? e).slice(0, 200)}` };
  }
  const t1 = performance.now();
  try {
    sim.run_until(endNs(sim));
    const wall = (performance.now() - t1) / 1000;
    const summary = JSON.parse(sim.summary_json());
    const ops = operationsOf(summary);
    if (ops == null) return { missing: 'no Questions counter in summary_json()' };
    const tx = transactionsOf(summary);
    return { ops, selects: selectsOf(summary), wall, rate: ops / wall, txRate: tx == null ? null : tx / wall, buildSeconds: (t1 - t0) / 1000, done: summary.done };
  } finally {
    sim.free();
  }
}
