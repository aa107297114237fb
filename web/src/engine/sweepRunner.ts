// A sweep: the experiment's scenarios re-run once per value of one field, one run after
// another, in budgeted steps so the worker stays responsive. Each finished run yields the
// engine's sweep row (its averages) for the sweep chart.

import { EngineError } from './errors';
import type { SweepRow } from './frames';
import type { SweepDone, SweepValue } from './protocol';
import type { EngineModule, Simulation } from './simulation';

/** Simulated time one sweep slice advances before the wall budget is checked. */
export const SWEEP_SLICE_NS = 20_000_000;

/** A sweep in progress: one scenario per (value, side), run one after another. */
interface SweepState {
  items: { value: number; side: number; json: string }[];
  index: number; // the item running (or next)
  sim: Simulation | null;
  endNs: number;
}

export class SweepRunner {
  private state: SweepState | null = null;

  constructor(
    private readonly engine: EngineModule,
    private readonly now: () => number,
  ) {}

  /** Builds every run's scenario (the engine validates each value); returns how many runs. */
  start(scenarios: string[], path: string, values: SweepValue[]): number {
    this.cancel();
    const items: SweepState['items'] = [];
    const built = scenarios.map((json) => values.map((v) => this.scenario(json, path, v)));
    values.forEach((_, vi) => scenarios.forEach((_, si) => items.push({ value: vi, side: si, json: built[si][vi] })));
    this.state = { items, index: 0, sim: null, endNs: 0 };
    return items.length;
  }

  /** Runs for about `budgetMs` of wall time; returns the runs finished meanwhile. */
  step(budgetMs: number): { completed: SweepDone[]; progress: number; done: boolean } {
    const sw = this.state;
    if (!sw) throw new EngineError({ code: 'state', errors: [{ path: '', message: 'no sweep: send sweepStart first' }] });
    const start = this.now();
    const completed: SweepDone[] = [];
    while (sw.index < sw.items.length) {
      const item = sw.items[sw.index];
      if (!sw.sim) {
        sw.sim = new this.engine.Simulation(item.json);
        sw.endNs = sw.sim.end_ns();
      }
      const sim = sw.sim;
      const before = sim.time_ns();
      sim.run_until_finish(Math.min(sw.endNs, before + SWEEP_SLICE_NS));
      const finished = sim.time_ns() >= sw.endNs || sim.time_ns() <= before || sim.is_done();
      if (finished) {
        completed.push({ value: item.value, side: item.side, row: JSON.parse(sim.sweep_row_json()) as SweepRow });
        sim.free();
        sw.sim = null;
        sw.index += 1;
      }
      if (this.now() - start >= budgetMs) break;
    }
    const current = sw.sim && sw.endNs > 0 ? Math.min(1, sw.sim.time_ns() / sw.endNs) : 0;
    const done = sw.index >= sw.items.length;
    const progress = done ? 1 : (sw.index + current) / sw.items.length;
    if (done) this.cancel();
    return { completed, progress, done };
  }

  /** Ends the sweep (if any) and frees its running simulation. */
  cancel(): void {
    this.state?.sim?.free();
    this.state = null;
  }

  /**
   * One sweep scenario: a plain value is set at `path` by the engine (which validates it
   * and names the path); a mapping sets each of its fields in turn (e.g. "off" as
   * { "server.query_cache_type": "OFF" }).
   */
  private scenario(json: string, path: string, v: SweepValue): string {
    const set = (doc: string, p: string, value: unknown) => (JSON.parse(this.engine.sweep_scenarios_json(doc, p, JSON.stringify([value]))) as string[])[0];
    if (v !== null && typeof v === 'object') return Object.entries(v).reduce((doc, [p, value]) => set(doc, p, value), json);
    return set(json, path, v);
  }
}
