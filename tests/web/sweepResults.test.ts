// Sweep results kept for the page: filed under the exact scenarios and sweep, a run
// left under way shown as stopped, a bounded store, and the note when a seed or knob
// change hides results.
import { stackTables } from '../../web/src/ui/sweepLayout';
import { describe, expect, it } from 'vitest';
import type { SweepRow } from '../../web/src/engine/frames';
import type { SweepSpec } from '../../web/src/lessons/types';
import { emptySweep, replacedNote, SweepResults, sweepKey, type SweepState } from '../../web/src/ui/sweepResults';

const sweep = { path: 'server.query_cache_size', values: [0, 65536], labels: ['0', '64 MB'], runS: 1, metric: 'selectsPerS', title: 'SELECTs per second', unit: 'SELECT/s' } as unknown as SweepSpec;
const row = (selectsPerS: number) => ({ selectsPerS }) as unknown as SweepRow;
const sims = (seed: number) => [{ label: 'A', json: JSON.stringify({ seed }) }];

function done(): SweepState {
  return { status: 'done', progress: 1, rows: [[row(942752), row(120857)]], finished: 2 };
}

describe('sweep results', () => {
  it('are found again under the same scenarios and sweep only', () => {
    const store = new SweepResults();
    store.put(sweepKey(sims(42), sweep), done());
    expect(store.get(sweepKey(sims(42), sweep))?.rows[0][1]).toEqual(row(120857));
    expect(store.get(sweepKey(sims(7), sweep))).toBeNull();
    expect(store.get(sweepKey(sims(42), { ...sweep, runS: 0.5 }))).toBeNull();
    // an idle sweep has nothing worth keeping
    store.put(sweepKey(sims(7), sweep), emptySweep(1, 2));
    expect(store.size).toBe(1);
  });

  it('show a sweep left while it ran as stopped, with the runs it finished', () => {
    const store = new SweepResults();
    const k = sweepKey(sims(42), sweep);
    store.put(k, { status: 'running', progress: 0.8, rows: [[row(942752), null]], finished: 1 });
    const back = store.get(k)!;
    expect(back.status).toBe('stopped');
    expect(back.finished).toBe(1);
    // the bar falls back to the runs finished: 1 of 2, not the 0.8 of the work reached
    expect(back.progress).toBe(0.5);
    expect(back.rows[0][0]).toEqual(row(942752));
  });

  it('keep the most recently stored sweeps up to the limit', () => {
    const store = new SweepResults(2);
    for (const seed of [1, 2, 3]) store.put(sweepKey(sims(seed), sweep), done());
    expect(store.size).toBe(2);
    expect(store.get(sweepKey(sims(1), sweep))).toBeNull();
    expect(store.get(sweepKey(sims(3), sweep))).not.toBeNull();
  });

  it('say why results went when the seed or a knob changed, not when the panel moved to another sweep', () => {
    const prev = { key: sweepKey(sims(42), sweep), sweep, state: done() };
    expect(replacedNote(prev, sweep, emptySweep(1, 2))).toMatch(/seed or a knob changed/);
    expect(replacedNote(prev, { ...sweep, path: 'server.cores' } as SweepSpec, emptySweep(1, 2))).toBeNull();
    expect(replacedNote(prev, sweep, done())).toBeNull(); // results for the new settings are shown
    expect(replacedNote({ ...prev, state: emptySweep(1, 2) }, sweep, emptySweep(1, 2))).toBeNull();
    expect(replacedNote(null, sweep, emptySweep(1, 2))).toBeNull();
  });
});

describe('stackTables (a sweep table of A and B: side by side, or one per side)', () => {
  it('stacks a pair wider than its box, keeps one that fits, never stacks one side', () => {
    // at 1024 px on a projector: the pair was 734 px in a 542 px box
    expect(stackTables(2, 542, [734], 60, false)).toBe(true);
    expect(stackTables(2, 780, [734], 60, false)).toBe(false);
    expect(stackTables(1, 300, [500], 60, false)).toBe(false);
    expect(stackTables(1, 300, [500], 60, true)).toBe(false);
  });
  it('stacked, goes back side by side only with the pair width (less the repeated axis column) and a margin to spare', () => {
    // two tables of 397 px, each with a 60 px axis column: the pair is 734 px
    expect(stackTables(2, 740, [397, 397], 60, true)).toBe(true);
    expect(stackTables(2, 742, [397, 397], 60, true)).toBe(false);
    expect(stackTables(2, 542, [397, 397], 60, true)).toBe(true);
  });
  it('keeps its layout when there is nothing to measure', () => {
    expect(stackTables(2, 0, [734], 60, true)).toBe(true);
    expect(stackTables(2, 500, [], 60, false)).toBe(false);
  });
});
