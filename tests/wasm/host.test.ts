// The worker's SimHost driving the real wasm engine: pages are flagged "split just now"
// for splits made during playback, not for the prepare phase nor after a seek (step back,
// replay after a crash).
import { describe, expect, it } from 'vitest';
import * as engine from '../../web/src/engine/pkg/innodb_lab.js';
import { LEAF_SPLIT_RECENT, QC_BLOCK_FREE, QC_BLOCK_QUERY, QC_BLOCK_STRIDE, THREAD_WAIT_QC_LOCK, type SweepRow } from '../../web/src/engine/frames';
import { SimHost } from '../../web/src/engine/host';
import type { EngineModule } from '../../web/src/engine/simulation';
import { lessonScenario, loadEngine } from './loadEngine';

const flagged = (host: SimHost) => host.handle('frame', {}).frames[0].leafState[0].filter((b) => (b & LEAF_SPLIT_RECENT) !== 0).length;

describe('SimHost on the real engine: split flags', () => {
  loadEngine();
  const host = new SimHost(engine as unknown as EngineModule);

  it('flags splits of playback, not of the prepare phase nor of a seek', () => {
    // 20,000 rows already in the table (prepare), then random inserts.
    host.handle('create', { scenarios: [lessonScenario('pk-random.json', { 'table.prepare_rows': 20000, 'workload.max_rows': 60000 })] });
    expect(flagged(host)).toBe(0);
    host.handle('runTo', { tNs: 0.05e9 });
    const played = flagged(host);
    expect(played).toBeGreaterThan(0);
    const splitsBefore = host.handle('frame', {}).frames[0].summary.indexes[0];
    host.handle('runTo', { tNs: 0.2e9, seek: true });
    const f = host.handle('frame', {}).frames[0];
    expect(f.summary.indexes[0].leafPages).toBeGreaterThan(splitsBefore.leafPages);
    expect(f.leafState[0].filter((b) => (b & LEAF_SPLIT_RECENT) !== 0).length).toBe(0);
  });

  it('each frame says where its split flags start: the frame before, a seek\'s own time, and kept by a restore', () => {
    const h = new SimHost(engine as unknown as EngineModule);
    h.handle('create', { scenarios: [lessonScenario('pk-random.json', { 'workload.max_rows': 60000 })] });
    const since = () => {
      const f = h.handle('frame', {}).frames[0];
      return [f.splitsSinceNs, f.timeNs];
    };
    expect(since()).toEqual([0, 0]);
    h.handle('runTo', { tNs: 0.025e9 });
    expect(since()).toEqual([0, 0.025e9]);
    const { token } = h.handle('snapshot', {});
    h.handle('runTo', { tNs: 0.05e9 });
    expect(since()).toEqual([0.025e9, 0.05e9]);
    h.handle('runTo', { tNs: 0.08e9, seek: true });
    expect(since()).toEqual([0.08e9, 0.08e9]);
    // a step back: restore the snapshot (25 ms), replay to 50 ms; the flags start at the
    // frame shown last (80 ms), later than the frame: none flagged
    h.handle('restore', { token });
    h.handle('runTo', { tNs: 0.05e9 });
    const f = h.handle('frame', {}).frames[0];
    expect([f.splitsSinceNs, f.timeNs]).toEqual([0.08e9, 0.05e9]);
    expect(f.leafState[0].filter((b) => (b & LEAF_SPLIT_RECENT) !== 0).length).toBe(0);
  });
});

describe('SimHost on the real engine: frames after a go-to', () => {
  loadEngine();

  it('a frame after a runTo without a budget (a seek or a step) says jumped; playback\'s frames do not', () => {
    const host = new SimHost(engine as unknown as EngineModule);
    host.handle('create', { scenarios: [lessonScenario('pk-random.json', { 'workload.max_rows': 20000 }), lessonScenario('pk-sequential.json', { 'workload.max_rows': 20000 })] });
    expect(host.handle('frame', {}).frames.map((f) => f.jumped ?? false)).toEqual([false, false]);
    host.handle('runTo', { tNs: 0.01e9, budgetMs: 1000 });
    expect(host.handle('frame', {}).frames.map((f) => f.jumped ?? false)).toEqual([false, false]);
    host.handle('runTo', { tNs: 0.05e9 });
    expect(host.handle('frame', {}).frames.map((f) => f.jumped ?? false)).toEqual([true, true]);
    // once: the next frame of playback is not
    host.handle('runTo', { tNs: 0.06e9, budgetMs: 1000 });
    expect(host.handle('frame', {}).frames.map((f) => f.jumped ?? false)).toEqual([false, false]);
  });
});

describe('SimHost on the real engine: the query cache', () => {
  loadEngine();

  it('MySQL blocks tile the arena; the lock has a queue under 2048 clients; Aurora has no lock', () => {
    const host = new SimHost(engine as unknown as EngineModule);
    host.handle('create', { scenarios: [lessonScenario('qc-mysql-256mb.json'), lessonScenario('qc-aurora-256mb.json')] });
    host.handle('runTo', { tNs: 0.05e9 });
    const [m, a] = host.handle('frame', {}).frames;
    expect(m.qcKind).toBe('mysql');
    expect(a.qcKind).toBe('aurora');
    const bytes = (b: Uint32Array) => b.filter((_, i) => i % QC_BLOCK_STRIDE === 1).reduce((x, y) => x + y, 0);
    // MySQL's blocks tile the arena: 256 KiB less the bins' bookkeeping (336 B), in bytes
    expect(bytes(m.qcBlocks)).toBe(256 * 1024 - 336);
    const types = new Set(m.qcBlocks.filter((_, i) => i % QC_BLOCK_STRIDE === 0));
    expect(types.has(QC_BLOCK_QUERY)).toBe(true);
    // exact sizes, not whole 512 B units: some block is not a multiple of 512
    expect(m.qcBlocks.some((v, i) => i % QC_BLOCK_STRIDE === 1 && v % 512 !== 0)).toBe(true);
    // Aurora: entries at their exact sizes, then one free pair for the rest of the budget
    expect(a.qcBlocks[a.qcBlocks.length - 2]).toBe(QC_BLOCK_FREE);
    // (within the budget: the rounded-up units passed it)
    expect(bytes(a.qcBlocks)).toBeLessThanOrEqual(256 * 1024);
    expect(bytes(a.qcBlocks)).toBeGreaterThan(250_000);
    expect(a.qcBlocks.length).toBeGreaterThan(4);
    expect(m.qcLock.acquisitions).toBeGreaterThan(0);
    expect(m.qcLock.waiting).toBeGreaterThan(0);
    // the queue is nearly every client; the thread states agree up to those just woken
    expect(m.qcLock.waiting).toBeGreaterThan(1900);
    expect(Math.abs(m.qcLock.waiting - m.threadStates.filter((s) => s === THREAD_WAIT_QC_LOCK).length)).toBeLessThan(20);
    expect(a.qcLock).toMatchObject({ holder: null, waiting: 0, acquisitions: 0, waits: 0, timeouts: 0 });
  });

  it('a sweep through the worker gives the rows of the native runs (the "off" mapping included)', () => {
    const host = new SimHost(engine as unknown as EngineModule);
    const base = lessonScenario('qc-mysql-1gb-fixed-rate.json', { 'run.duration_s': 0.2 });
    host.handle('sweepStart', { scenarios: [base], path: 'server.query_cache_size', values: [{ 'server.query_cache_type': 'OFF' }, 0, 1048576] });
    const rows: SweepRow[] = [];
    for (let i = 0; i < 10_000; i++) {
      const r = host.handle('sweepStep', { budgetMs: 50 });
      rows.push(...r.completed.map((c) => c.row));
      if (r.done) break;
    }
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.seconds)).toEqual([0.2, 0.2, 0.2]);
    // off and size 0 store nothing; the 1 MiB cache stores queries
    expect(rows[0].inserts).toBe(0);
    expect(rows[1].inserts).toBe(0);
    expect(rows[2].inserts).toBeGreaterThan(0);
    const direct = new engine.Simulation(lessonScenario('qc-mysql-1gb-fixed-rate.json', { 'run.duration_s': 0.2 }));
    direct.run_until(direct.end_ns());
    expect(JSON.parse(direct.sweep_row_json())).toEqual(rows[2]);
    direct.free();
  });
});

describe('SimHost on the real engine: where a finished run ends', () => {
  loadEngine();
  const scenarios = [
    lessonScenario('pk-sequential.json', { 'workload.max_rows': 6000, 'server.innodb_buffer_pool_pages': 64 }),
    lessonScenario('pk-random.json', { 'workload.max_rows': 6000, 'server.innodb_buffer_pool_pages': 64 }),
  ];
  /** The instant a scenario's workload runs out, run alone. */
  const finishOf = (json: string) => {
    const sim = new engine.Simulation(json);
    while (!sim.is_done()) sim.run_until_finish(sim.time_ns() + 1e8);
    const t = sim.time_ns();
    sim.free();
    return t;
  };
  /** Plays the A/B pair to the end in frames of `frameNs`, as the player does. */
  const play = (frameNs: number) => {
    const host = new SimHost(engine as unknown as EngineModule);
    host.handle('create', { scenarios });
    let r = host.handle('runTo', { tNs: 0 });
    while (!r.done.every(Boolean)) r = host.handle('runTo', { tNs: r.timeNs + frameNs, budgetMs: 10_000 });
    const summaries = host.handle('frame', {}).frames.map((f) => f.summary);
    return { timeNs: r.timeNs, summaries };
  };

  it('A/B in lockstep ends at the later finish, the same numbers at any frame pacing', () => {
    const [fa, fb] = scenarios.map(finishOf);
    expect(fa).toBeLessThan(fb); // sequential ids finish first
    const fast = play(23_456_789);
    const slow = play(3_000_001);
    expect(fast.timeNs).toBe(fb);
    expect(slow.timeNs).toBe(fb);
    expect(fast.summaries.map((s) => s.timeNs)).toEqual([fb, fb]);
    // Each side says when its own workload ran out.
    expect(fast.summaries.map((s) => s.finishedNs)).toEqual([fa, fb]);
    expect(slow.summaries).toEqual(fast.summaries);
    // The side that finished first ran on (background flushing) to the later finish,
    // exactly as a plain run to that instant does.
    const a = new engine.Simulation(scenarios[0]);
    a.run_until(fb);
    expect(fast.summaries[0]).toEqual(JSON.parse(a.summary_json()));
    a.free();
  });

  it('a seek past the end stops at the finish; one before it does not', () => {
    const host = new SimHost(engine as unknown as EngineModule);
    host.handle('create', { scenarios: [scenarios[1]] });
    const fb = finishOf(scenarios[1]);
    expect(host.handle('runTo', { tNs: fb - 1000 })).toEqual({ timeNs: fb - 1000, done: [false] });
    expect(host.handle('runTo', { tNs: fb + 5e8 })).toEqual({ timeNs: fb, done: [true] });
  });
});
