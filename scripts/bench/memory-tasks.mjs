// Memory measurements run inside a fresh child process (see fork.mjs): the wasm
// linear memory (`memory.buffer.byteLength` of the instance; it only ever grows, so
// the value after a step is that step's high-water mark).
import { endNs } from './wasm-node.mjs';

/**
 * Builds `json` (the prepare phase loads table.prepare_rows), then takes one
 * checkpoint as the player does at t = 0. Returns bytes at each point.
 */
export function buildMemory({ pkg, memory }, { json }) {
  const base = memory.buffer.byteLength;
  const t0 = performance.now();
  const sim = new pkg.Simulation(json);
  const buildSeconds = (performance.now() - t0) / 1000;
  const afterBuild = memory.buffer.byteLength;
  const summary = JSON.parse(sim.summary_json());
  const rows = summary.tables?.[0]?.rows ?? null;
  const snap = sim.snapshot();
  const afterSnapshot = memory.buffer.byteLength;
  sim.drop_snapshot(snap);
  sim.free();
  return { base, afterBuild, afterSnapshot, buildSeconds, rows };
}

// The player's checkpoint policy (web/src/player/snapshots.ts): one every interval of
// virtual time; past `max`, drop every other one and double the interval.
const SNAP_INTERVAL_NS = 0.5e9;
const SNAP_MAX = 20;

function keepSnapshot(store, snap, drop) {
  store.snaps.push(snap);
  while (store.snaps.length > SNAP_MAX) {
    const kept = [];
    store.snaps.forEach((s, i) => (i % 2 === 0 || i === store.snaps.length - 1 ? kept.push(s) : drop(s.id)));
    store.snaps = kept;
    store.intervalNs *= 2;
  }
}

/**
 * Runs `json` towards its end (an hour of virtual time) in 1 s slices, keeping
 * checkpoints as the player does, until done or `wallCapS` of wall time. Returns bytes
 * after build and at the end, the virtual time reached and the wall time spent.
 */
export function hourMemory({ pkg, memory }, { json, wallCapS }) {
  const sim = new pkg.Simulation(json);
  const afterBuild = memory.buffer.byteLength;
  const end = endNs(sim);
  const store = { snaps: [], intervalNs: SNAP_INTERVAL_NS };
  const drop = (id) => sim.drop_snapshot(id);
  const t0 = performance.now();
  let t = 0;
  let last = -Infinity;
  for (;;) {
    if (t >= last + store.intervalNs) {
      keepSnapshot(store, { id: sim.snapshot(), t }, drop);
      last = t;
    }
    if (t >= end || (performance.now() - t0) / 1000 >= wallCapS) break;
    t = Math.min(end, t + 1e9);
    sim.run_until(t);
  }
  const wall = (performance.now() - t0) / 1000;
  const summary = JSON.parse(sim.summary_json());
  const result = {
    afterBuild,
    atEnd: memory.buffer.byteLength,
    reachedS: sim.time_ns() / 1e9,
    endS: end / 1e9,
    wall,
    snapshotsHeld: store.snaps.length,
    samples: sim.series_len(),
    statements: summary.counters?.Questions ?? null,
  };
  sim.free();
  return result;
}
