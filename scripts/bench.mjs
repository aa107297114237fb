#!/usr/bin/env node
// `npm run bench`: engine speed (native vs WASM in Node) on one scenario, plus the
// download budget of the site. Prints a Markdown table (goal, pass/short per row) and
// writes bench-results/bench.json. Anything not there yet is reported as "missing".
//
//   node scripts/bench.mjs [--scenario lessons/scenarios/pk-random.json] [--runs 3]
//                          [--no-build] [--strict]   (--strict: exit 1 when a row is short/missing)
//
// Speed = simulated inserts (summary.counters.Innodb_rows_inserted) / wall seconds of the
// simulation loop only (scenario parse and process start excluded; best of --runs).
//   native: `innodb-sim run <scenario> --json` (release build), its own `wallSeconds`
//   wasm:   web/src/engine/pkg (release, wasm-opt'd) loaded with initSync() in this Node process
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { DIST_DIR, ENGINE_DIR, PKG_DIR, ROOT, log, probe, run } from './lib/util.mjs';

const TAG = 'bench';
const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : def;
};
const SOURCE_SCENARIO = path.resolve(ROOT, opt('--scenario', 'lessons/scenarios/pk-random.json'));
// The issue's figure is for 1M random-PK inserts: the lesson scenario with
// workload.max_rows overridden (--rows N), written to bench-results/ for both runs.
const ROWS = Math.max(1, Number(opt('--rows', '1000000')));
const SCENARIO = path.join(ROOT, 'bench-results', 'bench-scenario.json');
const RUNS = Math.max(1, Number(opt('--runs', '3')));
const BUILD = !args.includes('--no-build');
const STRICT = args.includes('--strict');

const GOALS = {
  nativeInsertsPerSec: 1_000_000, // >=
  wasmToNative: 0.75, // >=
  wasmGzipBytes: 150_000, // <=
  initialJsGzipBytes: 150_000, // <=
};

const gzipSize = (buf) => zlib.gzipSync(buf, { level: 9 }).length;

/** Simulated inserts in a Summary (the engine's summary_json / CLI "summary"). */
function insertsOf(summary) {
  const c = summary?.counters ?? {};
  const v = c.Innodb_rows_inserted ?? c.Com_insert ?? summary?.inserts;
  return typeof v === 'number' ? v : null;
}

async function benchNative() {
  if (!fs.existsSync(path.join(ENGINE_DIR, 'src', 'bin', 'innodb-sim.rs'))) return { missing: 'no innodb-sim binary' };
  log(TAG, 'cargo build --release --bin innodb-sim');
  const b = await run('cargo', ['build', '--release', '--bin', 'innodb-sim'], { cwd: ENGINE_DIR });
  if (b.code !== 0) return { missing: 'innodb-sim does not build' };
  const targetDir = process.env.CARGO_TARGET_DIR ? path.resolve(ENGINE_DIR, process.env.CARGO_TARGET_DIR) : path.join(ENGINE_DIR, 'target');
  const exe = path.join(targetDir, 'release', process.platform === 'win32' ? 'innodb-sim.exe' : 'innodb-sim');
  let best = null;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const r = probe(exe, ['run', SCENARIO, '--json'], { maxBuffer: 1 << 30 });
    const procWall = (performance.now() - t0) / 1000;
    if (!r || r.status !== 0) return { missing: `innodb-sim run failed: ${(r?.stderr ?? '').trim().slice(0, 200)}` };
    let out;
    try {
      out = JSON.parse(r.stdout);
    } catch {
      return { missing: 'innodb-sim --json output is not JSON' };
    }
    const inserts = insertsOf(out.summary);
    if (inserts == null) return { missing: 'no insert counter in the summary' };
    const wall = typeof out.wallSeconds === 'number' ? out.wallSeconds : procWall;
    const rate = inserts / wall;
    if (!best || rate > best.rate) best = { inserts, wall, rate };
  }
  return best;
}

async function benchWasm(scenarioText) {
  if (BUILD) {
    const b = await run(process.execPath, [path.join(ROOT, 'scripts', 'build-engine.mjs'), '--release']);
    if (b.code !== 0) return { missing: 'engine does not build for wasm' };
  }
  const js = path.join(PKG_DIR, 'innodb_lab.js');
  const wasm = path.join(PKG_DIR, 'innodb_lab_bg.wasm');
  if (!fs.existsSync(js) || !fs.existsSync(wasm)) return { missing: 'web/src/engine/pkg not built' };
  const pkg = await import(pathToFileURL(js).href);
  if (typeof pkg.initSync !== 'function' || typeof pkg.Simulation !== 'function') {
    return { missing: 'pkg has no initSync/Simulation export' };
  }
  pkg.initSync({ module: fs.readFileSync(wasm) });
  let best = null;
  for (let i = 0; i < RUNS; i++) {
    let sim;
    try {
      sim = new pkg.Simulation(scenarioText);
    } catch (e) {
      return { missing: `Simulation rejected the scenario: ${String(e.message ?? e).slice(0, 200)}` };
    }
    const norm = JSON.parse(sim.scenario_json());
    const endNs = Number(norm?.run?.duration_s ?? 0) * 1e9;
    const t0 = performance.now();
    sim.run_until(endNs);
    const wall = (performance.now() - t0) / 1000;
    const inserts = insertsOf(JSON.parse(sim.summary_json()));
    sim.free();
    if (inserts == null) return { missing: 'no insert counter in summary_json()' };
    const rate = inserts / wall;
    if (!best || rate > best.rate) best = { inserts, wall, rate };
  }
  return best;
}

/** Gzip size of the shipped wasm (web/dist asset when built, else the pkg file). */
function wasmGzip() {
  const assets = path.join(DIST_DIR, 'assets');
  const shipped = fs.existsSync(assets) ? fs.readdirSync(assets).filter((f) => f.endsWith('.wasm')) : [];
  const file = shipped.length ? path.join(assets, shipped[0]) : path.join(PKG_DIR, 'innodb_lab_bg.wasm');
  if (!fs.existsSync(file)) return { missing: 'no .wasm built' };
  const buf = fs.readFileSync(file);
  return { file: path.relative(ROOT, file), bytes: buf.length, gzip: gzipSize(buf) };
}

/** Gzip size of the JS the home page needs before anything lazy: entry + static imports. */
function initialJsGzip() {
  const html = path.join(DIST_DIR, 'index.html');
  if (!fs.existsSync(html)) return { missing: 'web/dist not built' };
  const text = fs.readFileSync(html, 'utf8');
  const queue = [];
  for (const m of text.matchAll(/<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["']/g)) queue.push(m[1]);
  for (const m of text.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["'][^>]*\btype=["']module["']/g)) queue.push(m[1]);
  for (const m of text.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*\bhref=["']([^"']+)["']/g)) queue.push(m[1]);
  const files = new Set();
  const toFile = (ref, from) => path.resolve(from, ref.split(/[?#]/)[0].replace(/^\//, ''));
  const pending = queue.map((ref) => toFile(ref, DIST_DIR));
  while (pending.length) {
    const f = pending.pop();
    if (files.has(f) || !fs.existsSync(f)) continue;
    files.add(f);
    const code = fs.readFileSync(f, 'utf8');
    // Static `import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"` (not import()).
    const re = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+\.m?js)["']/g;
    for (const m of code.matchAll(re)) pending.push(toFile(m[1], path.dirname(f)));
  }
  if (!files.size) return { missing: 'no module script in web/dist/index.html' };
  let gzip = 0;
  let bytes = 0;
  for (const f of files) {
    const buf = fs.readFileSync(f);
    bytes += buf.length;
    gzip += gzipSize(buf);
  }
  return { files: [...files].map((f) => path.relative(ROOT, f)), bytes, gzip };
}

const fmtRate = (r) => (r >= 1e6 ? `${(r / 1e6).toFixed(2)} M/s` : `${(r / 1e3).toFixed(1)} k/s`);
const fmtKB = (b) => `${(b / 1000).toFixed(1)} kB`;

// ---------------------------------------------------------------------------------------
const boot = await run(process.execPath, [path.join(ROOT, 'scripts', 'bootstrap.mjs')]);
if (boot.code !== 0) process.exit(1);

let scenarioText = null;
if (fs.existsSync(SOURCE_SCENARIO)) {
  const sc = JSON.parse(fs.readFileSync(SOURCE_SCENARIO, 'utf8'));
  sc.workload = { ...(sc.workload ?? {}), max_rows: ROWS };
  scenarioText = JSON.stringify(sc);
  fs.mkdirSync(path.dirname(SCENARIO), { recursive: true });
  fs.writeFileSync(SCENARIO, scenarioText);
} else log(TAG, `scenario ${path.relative(ROOT, SOURCE_SCENARIO)} is missing`);

const native = scenarioText ? await benchNative() : { missing: 'scenario missing' };
const wasm = scenarioText ? await benchWasm(scenarioText) : { missing: 'scenario missing' };
if (BUILD) {
  log(TAG, 'npm run build');
  await run('npm', ['run', 'build']);
}
const wasmSize = wasmGzip();
const js = initialJsGzip();

const ratio = native?.rate && wasm?.rate ? wasm.rate / native.rate : null;
const rows = [
  {
    metric: 'Native: simulated inserts / wall s',
    value: native.rate ? fmtRate(native.rate) : null,
    goal: `≥ ${fmtRate(GOALS.nativeInsertsPerSec)}`,
    ok: native.rate ? native.rate >= GOALS.nativeInsertsPerSec : null,
    missing: native.missing,
  },
  {
    metric: 'WASM (Node): simulated inserts / wall s',
    value: wasm.rate ? fmtRate(wasm.rate) : null,
    goal: '—',
    ok: wasm.rate ? true : null,
    missing: wasm.missing,
  },
  {
    metric: 'WASM / native',
    value: ratio ? `${ratio.toFixed(2)}×` : null,
    goal: `≥ ${GOALS.wasmToNative}×`,
    ok: ratio ? ratio >= GOALS.wasmToNative : null,
    missing: ratio ? undefined : 'needs both runs',
  },
  {
    metric: 'WASM size (gzip)',
    value: wasmSize.gzip ? fmtKB(wasmSize.gzip) : null,
    goal: `≤ ${fmtKB(GOALS.wasmGzipBytes)}`,
    ok: wasmSize.gzip ? wasmSize.gzip <= GOALS.wasmGzipBytes : null,
    missing: wasmSize.missing,
  },
  {
    metric: 'Initial JS (gzip, entry + static imports)',
    value: js.gzip ? fmtKB(js.gzip) : null,
    goal: `≤ ${fmtKB(GOALS.initialJsGzipBytes)}`,
    ok: js.gzip ? js.gzip <= GOALS.initialJsGzipBytes : null,
    missing: js.missing,
  },
];

const status = (r) => (r.ok === null ? `missing${r.missing ? ` (${r.missing})` : ''}` : r.ok ? 'pass' : 'short');
const table = [
  '| Metric | Value | Goal | Status |',
  '|---|---:|---:|---|',
  ...rows.map((r) => `| ${r.metric} | ${r.value ?? '—'} | ${r.goal} | ${status(r)} |`),
].join('\n');
process.stdout.write(`\n${table}\n\n`);

const outDir = path.join(ROOT, 'bench-results');
fs.mkdirSync(outDir, { recursive: true });
const result = {
  date: new Date().toISOString(),
  scenario: `${path.relative(ROOT, SOURCE_SCENARIO)} with workload.max_rows = ${ROWS}`,
  runs: RUNS,
  node: process.version,
  native,
  wasm,
  wasmToNative: ratio,
  wasmSize,
  initialJs: js,
  goals: GOALS,
  rows: rows.map((r) => ({ metric: r.metric, value: r.value, goal: r.goal, status: r.ok === null ? 'missing' : r.ok ? 'pass' : 'short', note: r.missing })),
};
fs.writeFileSync(path.join(outDir, 'bench.json'), JSON.stringify(result, null, 2) + '\n');
log(TAG, `wrote ${path.relative(ROOT, path.join(outDir, 'bench.json'))}`);
if (STRICT && rows.some((r) => r.ok !== true)) process.exitCode = 1;
