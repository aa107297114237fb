// The ahi-latch-contention lesson's figures for its latch-ab step with Client threads
// at 16 (the lesson's knob), through WASM: the step's own overrides, the scenarios'
// seed. The lesson says A dips to about 58% and B to about 89%, and that A is back
// above 90% about 0.6 s after the switch (0.35 s at 256 threads). LATCH-1/2 at 256
// threads are held natively (engine-wasm/tests).
import { describe, expect, it } from 'vitest';
import { lessonScenario, loadEngine } from '../wasm/loadEngine';
import { lessonText, pct } from './lessonText';

const Simulation = loadEngine();

/** The qps series (t in seconds) of the step's run of `file` at `threads` threads. */
function qpsSeries(file: string, threads: number): { t: number; qps: number }[] {
  const sim = new Simulation(
    lessonScenario(file, { 'run.changes.0.at_s': 1, 'run.duration_s': 2, 'run.sample_ms': 20, 'workload.threads': threads }),
  );
  sim.run_until(sim.end_ns());
  const cols: string[] = JSON.parse(sim.series_columns_json());
  const flat = Array.from(sim.series(0));
  sim.free();
  const [ti, qi] = [cols.indexOf('t_s'), cols.indexOf('qps')];
  const out = [];
  for (let r = 0; r + cols.length <= flat.length; r += cols.length) out.push({ t: flat[r + ti], qps: flat[r + qi] });
  return out;
}

/** Lowest qps after the switch as a share of the mean over 0.5–1 s, and when the run
 *  was last below 90% of that mean (seconds after the switch). */
function dip(series: { t: number; qps: number }[]) {
  const before = series.filter((s) => s.t > 0.5 && s.t <= 1.0);
  const base = before.reduce((a, s) => a + s.qps, 0) / before.length;
  const after = series.filter((s) => s.t > 1.0);
  const low = Math.min(...after.map((s) => s.qps)) / base;
  const below = after.filter((s) => s.qps < 0.9 * base);
  return { low, lastBelow90: (below.at(-1)?.t ?? 1) - 1 };
}

describe('ahi-latch lesson: the switch at 16 client threads', () => {
  const a = dip(qpsSeries('ahi-latch-8.0.25.json', 16));
  const b = dip(qpsSeries('ahi-latch-8.0.30.json', 16));

  it('A (8.0.25) dips to about 58%, B (8.0.30) to about 89%', () => {
    expect(a.low, `A ${a.low}`).toBeGreaterThan(0.54);
    expect(a.low).toBeLessThan(0.62);
    expect(b.low, `B ${b.low}`).toBeGreaterThan(0.86);
    expect(b.low).toBeLessThan(0.92);
    expect(lessonText('ahi-latch-contention')).toContain(`With 16 threads, both dip less (A to about ${pct(a.low)}, B to about ${pct(b.low)})`);
  });

  it('A is back above 90% about 0.6 s after the switch', () => {
    expect(a.lastBelow90, `A last below 90% at +${a.lastBelow90} s`).toBeGreaterThan(0.45);
    expect(a.lastBelow90).toBeLessThan(0.7);
    expect(lessonText('ahi-latch-contention')).toContain(`A is back above 90% after about ${a.lastBelow90.toFixed(1)} s instead of`);
  });
});
