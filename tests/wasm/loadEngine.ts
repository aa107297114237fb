// Loads the built wasm package in Node (vitest) and helpers to build scenarios
// from the lesson files with overrides. `npm test` builds the package first.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { initSync, Simulation } from '../../web/src/engine/pkg/innodb_lab.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let ready = false;

/** Initializes the wasm module once per test file. */
export function loadEngine(): typeof Simulation {
  if (!ready) {
    const bytes = fs.readFileSync(path.join(root, 'web/src/engine/pkg/innodb_lab_bg.wasm'));
    initSync({ module: bytes });
    ready = true;
  }
  return Simulation;
}

/** A lesson scenario file with `path.to.field` overrides applied. */
export function lessonScenario(file: string, overrides: Record<string, unknown> = {}): string {
  const s = JSON.parse(fs.readFileSync(path.join(root, 'lessons/scenarios', file), 'utf8'));
  for (const [p, v] of Object.entries(overrides)) {
    const keys = p.split('.');
    let o = s;
    for (const k of keys.slice(0, -1)) o = o[k] ??= {};
    o[keys[keys.length - 1]] = v;
  }
  return JSON.stringify(s);
}

export interface SummaryLite {
  timeNs: number;
  counters: Record<string, number>;
  tables: { table: string; rows: number; dataLength: number; indexLength: number; dataPerRow: number; indexPerRow: number }[];
  indexes: { name: string; avgLeafFill: number; leafPages: number; splits: { toRight: number; toLeft: number; middle: number } }[];
  latency: { count: number; meanUs: number; p95Us: number };
  done: boolean;
  finishedNs: number | null;
}

/** Runs a simulation to its end (or `maxS` simulated seconds) in 0.1 s slices, stopping
 * where its workload runs out, as the CLI does. */
export function runToEnd(sim: InstanceType<typeof Simulation>, maxS = 3600): SummaryLite {
  const end = Math.min(sim.end_ns(), maxS * 1e9);
  while (sim.time_ns() < end && !sim.is_done()) sim.run_until_finish(Math.min(end, sim.time_ns() + 1e8));
  return JSON.parse(sim.summary_json()) as SummaryLite;
}
