#!/usr/bin/env node
// `npm run bench`: measures the budgets of issue 3 and prints one Markdown table (each
// figure next to its goal: pass / short by N% / info / missing), also written with every
// raw measurement to bench-results/bench.json. On demand only (not part of `npm test`).
//
//   node scripts/bench.mjs [--quick] [--only speed,btree,frames,load,memory] [--runs N]
//                          [--rows N] [--no-build] [--strict]
//
// Sections (scripts/bench/*.mjs, one concept per file):
//   speed   simulated statements per wall second: native CLI, WASM in Node, WASM in the
//           site's Web Worker (Chromium), per lesson scenario; 1M random-PK insert headline;
//           the read-write load in simulated transactions per wall second
//           LATCH-1 scaled; the query cache load (SELECTs per wall second, native vs WASM)
//   btree   the engine's B+tree (WASM) vs sorted-btree (JS), 1M random ids, insert + lookup
//   frames  p95 frame time and long tasks while each lesson step plays at max speed
//   load    wasm and initial-JS sizes, lazy lessons, time to the first lesson's Play
//   memory  wasm linear memory: each lesson's largest table; an hour of virtual time
//
// Builds first (skip with --no-build): innodb-sim (release), the wasm package
// (build-engine --release) and the site into bench-results/site (see below).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DIST_DIR, ROOT, log, npmBin, run } from './lib/util.mjs';
import { openBrowser } from './bench/browser.mjs';
import { btreeSection } from './bench/btree.mjs';
import { framesSection } from './bench/frames.mjs';
import { loadSection } from './bench/load.mjs';
import { memorySection } from './bench/memory.mjs';
import { buildNative } from './bench/native.mjs';
import { parseOptions } from './bench/options.mjs';
import { markdownTable, missingRow, writeJson } from './bench/report.mjs';
import { speedSection } from './bench/speed.mjs';
import { buildWasm } from './bench/wasm-node.mjs';

const TAG = 'bench';
const started = performance.now();
// Other work on the machine skews every figure: keep the load average with the results.
const loadBefore = os.loadavg();
let opts;
try {
  opts = parseOptions(process.argv.slice(2));
} catch (e) {
  log(TAG, e.message);
  process.exit(2);
}
const want = (s) => opts.sections.has(s);

const boot = await run(process.execPath, [path.join(ROOT, 'scripts', 'bootstrap.mjs')]);
if (boot.code !== 0) process.exit(1);

// Builds: the wasm package (release) and, for the browser sections, the site. The
// site is built exactly as `npm run build` does, but into bench-results/site, so the
// bench never races `npm test`'s e2e (which rebuilds and serves web/dist). With
// --no-build, web/dist and the package are measured as they are.
const needSite = want('speed') || want('frames') || want('load');
const needWasm = needSite || want('btree') || want('memory');
const native = want('speed') ? await buildNative(opts) : { missing: 'not needed' };
const wasm = needWasm ? await buildWasm(opts) : { missing: 'not needed' };
let siteDir = DIST_DIR;
if (needSite && opts.build && !wasm.missing) {
  siteDir = path.join(ROOT, 'bench-results', 'site');
  log(TAG, `vite build -> ${path.relative(ROOT, siteDir)}`);
  const b = await run(npmBin('vite'), ['build', '--config', 'web/vite.config.ts', '--outDir', siteDir, '--emptyOutDir', '--logLevel', 'warn']);
  if (b.code !== 0) fs.rmSync(siteDir, { recursive: true, force: true }); // sections then report "not built"
}

// One Chromium for every section that needs it, opened on first use.
let browser = null;
const ctx = {
  opts,
  native,
  wasm,
  siteDir,
  browser: async () => (browser ??= await openBrowser(siteDir)),
};

const sections = [
  ['speed', speedSection],
  ['btree', btreeSection],
  ['memory', memorySection],
  ['frames', framesSection],
  ['load', loadSection],
];
const rows = [];
const details = {};
try {
  for (const [name, fn] of sections) {
    if (!want(name)) continue;
    const t0 = performance.now();
    try {
      const r = await fn(ctx);
      rows.push(...r.rows);
      details[name] = r.details;
    } catch (e) {
      rows.push(missingRow({ section: name, metric: `section ${name}`, note: `crashed: ${String(e.message ?? e).split('\n')[0]}` }));
    }
    log(TAG, `${name}: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
} finally {
  if (browser && !browser.missing) {
    details.chromium = browser.version;
    await browser.close();
  }
}

details.machine = { cpus: os.cpus().length, model: os.cpus()[0]?.model, loadavgBefore: loadBefore, loadavgAfter: os.loadavg() };
process.stdout.write(`\n${markdownTable(rows)}\n\n`);
const busy = Math.max(loadBefore[0], os.loadavg()[0]);
if (busy > os.cpus().length) log(TAG, `note: load average ${busy.toFixed(1)} on ${os.cpus().length} CPUs while measuring; speed and frame figures are pessimistic`);
const out = path.join(ROOT, 'bench-results', 'bench.json');
writeJson(out, { options: { ...opts, sections: [...opts.sections], site: path.relative(ROOT, siteDir) }, rows, details, started });
log(TAG, `wrote ${path.relative(ROOT, out)} (${((performance.now() - started) / 1000).toFixed(0)} s in all)`);
if (opts.strict && rows.some((r) => r.status === 'short' || r.status === 'missing')) process.exitCode = 1;
