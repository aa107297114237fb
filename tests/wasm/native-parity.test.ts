// Determinism across platforms: the native CLI (innodb-sim) and the WASM engine give
// bit-identical summaries and series for the same scenario and seed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lessonScenario, loadEngine } from './loadEngine';

const Simulation = loadEngine();
const engineDir = path.resolve(__dirname, '../../engine-wasm');

function native(json: string): { summary: unknown; series: number[][] } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'parity-')), 'scenario.json');
  fs.writeFileSync(file, json);
  const out = execFileSync('cargo', ['run', '--quiet', '--profile', 'fast', '--bin', 'innodb-sim', '--', 'run', file, '--json'], {
    cwd: engineDir,
    maxBuffer: 1 << 28,
    encoding: 'utf8',
  });
  return JSON.parse(out);
}

describe('native and WASM agree bit for bit', () => {
  for (const file of ['pk-sequential.json', 'pk-random.json']) {
    it(`${file}: same summary and series`, () => {
      const json = lessonScenario(file, { 'workload.max_rows': 30_000, 'server.innodb_buffer_pool_pages': 128, 'seed': 7 });
      const n = native(json);
      const sim = new Simulation(json);
      // the CLI runs in 0.1 s slices until the workload runs out; so do we
      while (!sim.is_done() && sim.time_ns() < sim.end_ns()) sim.run_until_finish(sim.time_ns() + 1e8);
      const w = JSON.parse(sim.summary_json());
      const cols: string[] = JSON.parse(sim.series_columns_json());
      const flat = Array.from(sim.series(0));
      const rows: number[][] = [];
      for (let i = 0; i < flat.length; i += cols.length) rows.push(flat.slice(i, i + cols.length));
      sim.free();
      expect(w).toEqual(n.summary);
      // NaN (no page gets in an interval) is null in the CLI's JSON
      expect(rows.map((r) => r.map((v) => (Number.isNaN(v) ? null : v)))).toEqual(n.series);
      expect(w.counters.Innodb_buffer_pool_reads).toBeGreaterThan(0);
    }, 120_000);
  }
});
