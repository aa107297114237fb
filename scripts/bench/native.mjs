// The native engine: builds `innodb-sim` (release) and runs a scenario file with
// `innodb-sim run <file> --json`, whose `wallSeconds` covers the simulation loop only
// (scenario parse and the prepare phase are `buildSeconds`).
import path from 'node:path';
import fs from 'node:fs';
import { ENGINE_DIR, log, probe, run } from '../lib/util.mjs';
import { operationsOf, selectsOf, transactionsOf } from './ops.mjs';

const TAG = 'bench';

/** Builds the CLI; resolves its path or { missing }. */
export async function buildNative({ build }) {
  if (!fs.existsSync(path.join(ENGINE_DIR, 'src', 'bin', 'innodb-sim.rs'))) return { missing: 'no innodb-sim binary' };
  if (build) {
    log(TAG, 'cargo build --release --bin innodb-sim');
    const b = await run('cargo', ['build', '--release', '--bin', 'innodb-sim'], { cwd: ENGINE_DIR });
    if (b.code !== 0) return { missing: 'innodb-sim does not build' };
  }
  const targetDir = process.env.CARGO_TARGET_DIR ? path.resolve(ENGINE_DIR, process.env.CARGO_TARGET_DIR) : path.join(ENGINE_DIR, 'target');
  const exe = path.join(targetDir, 'release', process.platform === 'win32' ? 'innodb-sim.exe' : 'innodb-sim');
  return fs.existsSync(exe) ? { exe } : { missing: 'innodb-sim not built (drop --no-build)' };
}

/** One native run of a scenario file: { ops, wall, rate, txRate, buildSeconds } or { missing }. */
export function runNative(exe, file) {
  const r = probe(exe, ['run', file, '--json'], { maxBuffer: 1 << 30 });
  if (!r || r.status !== 0) return { missing: `innodb-sim run failed: ${(r?.stderr ?? '').trim().slice(0, 200)}` };
  let out;
  try {
    out = JSON.parse(r.stdout);
  } catch {
    return { missing: 'innodb-sim --json output is not JSON' };
  }
  const ops = operationsOf(out.summary);
  if (ops == null) return { missing: 'no Questions counter in the summary' };
  if (typeof out.wallSeconds !== 'number') return { missing: 'no wallSeconds in the CLI output' };
  const tx = transactionsOf(out.summary);
  return { ops, selects: selectsOf(out.summary), wall: out.wallSeconds, rate: ops / out.wallSeconds, txRate: tx == null ? null : tx / out.wallSeconds, buildSeconds: out.buildSeconds, done: out.summary?.done };
}

/** The headline's B+tree work alone (`innodb-sim trees <file> --json`): the same rows
 *  into the trees without the server, then into std BTreeMaps. Resolves
 *  { rows, treeSeconds, mapSeconds, pages } or { missing }. */
export function runTrees(exe, file) {
  const r = probe(exe, ['trees', file, '--json'], { maxBuffer: 1 << 20 });
  if (!r || r.status !== 0) return { missing: `innodb-sim trees failed: ${(r?.stderr ?? '').trim().slice(0, 200)}` };
  try {
    const out = JSON.parse(r.stdout);
    if (!(out.treeSeconds > 0 && out.mapSeconds > 0 && out.rows > 0)) return { missing: 'innodb-sim trees printed no timings' };
    return out;
  } catch {
    return { missing: 'innodb-sim trees --json output is not JSON' };
  }
}
