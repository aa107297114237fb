// The wasm boundary: the built package loads in Node, runs a scenario, reports typed
// errors with field paths, and is deterministic (same seed, same numbers).
import { describe, expect, it } from 'vitest';
import { default_scenario_json, validate_scenario } from '../../web/src/engine/pkg/innodb_lab.js';
import { lessonScenario, loadEngine, runToEnd } from './loadEngine';

const Simulation = loadEngine();

function engineError(fn: () => unknown): { code: string; errors: { path: string; message: string }[] } {
  try {
    fn();
  } catch (e) {
    return JSON.parse((e as Error).message);
  }
  throw new Error('expected an engine error');
}

describe('wasm boundary', () => {
  it('runs the sequential-PK scenario and fills leaves to about 15/16', () => {
    const sim = new Simulation(lessonScenario('pk-sequential.json', { 'workload.max_rows': 20000 }));
    const s = runToEnd(sim);
    expect(s.tables[0].rows).toBe(20000);
    expect(s.counters.Com_insert).toBe(20000);
    expect(s.indexes[0].avgLeafFill).toBeGreaterThan(0.9);
    expect(s.indexes[0].avgLeafFill).toBeLessThan(0.95);
    expect(s.indexes[0].splits.toRight).toBeGreaterThan(20);
    sim.free();
  });

  it('streams frames as typed arrays with the documented layouts', () => {
    const sim = new Simulation(lessonScenario('pk-random.json', { 'workload.max_rows': 5000 }));
    sim.run_until(2e8);
    const fill = sim.leaf_fill(0);
    const summary = JSON.parse(sim.summary_json());
    expect(fill).toBeInstanceOf(Uint8Array);
    expect(fill.length).toBe(summary.indexes[0].leafPages);
    const upper = sim.tree_upper(0);
    expect(upper.length % 4).toBe(0);
    // the root covers every leaf
    if (upper.length > 0) expect(upper[2]).toBe(fill.length);
    const pool = sim.pool_frames();
    expect(pool.length).toBe(1024);
    const cols: string[] = JSON.parse(sim.series_columns_json());
    expect(cols[0]).toBe('t_s');
    const rows = sim.series(0);
    expect(rows.length).toBe(sim.series_len() * cols.length);
    const ev = JSON.parse(sim.events_json(0));
    expect(ev.events.some((e: { kind: string }) => e.kind === 'PageSplit')).toBe(true);
    sim.free();
  });

  it('is deterministic and restores snapshots exactly', () => {
    const json = lessonScenario('pk-random.json', { 'workload.max_rows': 8000 });
    const a = new Simulation(json);
    const b = new Simulation(json);
    a.run_until(3e8);
    const snap = a.snapshot();
    a.run_until(6e8);
    b.run_until(6e8);
    expect(a.summary_json()).toBe(b.summary_json());
    expect(Array.from(a.series(0))).toEqual(Array.from(b.series(0)));
    const later = a.summary_json();
    a.restore(snap);
    expect(a.time_ns()).toBe(3e8);
    a.run_until(6e8);
    expect(a.summary_json()).toBe(later);
    a.free();
    b.free();
  });

  it('reports every bad scenario field with its path', () => {
    const err = engineError(() => new Simulation('{"server":{"cores":0},"workload":{"threads":"x"}}'));
    expect(err.code).toBe('config');
    expect(err.errors.map((e) => e.path)).toEqual(expect.arrayContaining(['server.cores', 'workload.threads']));
    expect(JSON.parse(validate_scenario('{"run":{"duration_s":-1}}'))[0].path).toBe('run.duration_s');
    expect(JSON.parse(validate_scenario(default_scenario_json()))).toEqual([]);
    expect(engineError(() => new Simulation('not json')).errors[0].message).toMatch(/not valid JSON/);
  });

  it('rejects bad knobs with the knob name and keeps running', () => {
    const sim = new Simulation(lessonScenario('pk-sequential.json', { 'workload.max_rows': 2000 }));
    const err = engineError(() => sim.set_knob('workload.threads', 0));
    expect(err.code).toBe('knob');
    expect(err.errors[0].path).toBe('knob.workload.threads');
    expect(engineError(() => sim.set_knob('nope', 1)).errors[0].message).toMatch(/unknown knob/);
    sim.set_knob('workload.threads', 4);
    expect(JSON.parse(sim.commands_json())).toEqual([{ tNs: 0, name: 'workload.threads', value: 4 }]);
    const s = runToEnd(sim);
    expect(s.tables[0].rows).toBe(2000);
    sim.free();
  });
});

describe('counter explanations', () => {
  it('every counter the engine reports has its own plain-words explanation (most flush and AHI ones had a placeholder)', async () => {
    const { counterHelp } = await import('../../web/src/views/metrics/counters');
    const names = new Set<string>();
    for (const file of ['pk-random.json', 'flush-56-labs.json', 'flush-55-native.json', 'ahi-latch-8.0.25.json', 'qc-mysql-256mb.json', 'aurora-reader.json']) {
      const sim = new Simulation(lessonScenario(file, { 'run.duration_s': 0.05, 'workload.max_rows': 2000 }));
      sim.run_until_finish(Math.min(sim.end_ns(), 5e7));
      for (const n of Object.keys(JSON.parse(sim.summary_json()).counters as Record<string, number>)) names.add(n);
      sim.free();
    }
    expect(names.size).toBeGreaterThan(60);
    const generic = [...names].filter((n) => counterHelp(n).startsWith('Engine counter '));
    expect(generic).toEqual([]);
  });
});
