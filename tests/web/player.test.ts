import { describe, expect, it } from 'vitest';
import { addSnapshot, emptyStore, pickSnapshot, shouldSnapshot, type SnapshotStore } from '../../web/src/player/snapshots';
import { MIN_CHUNK_NS, nextChunkNs, runInChunks, type ChunkedRun } from '../../web/src/player/seek';
import { estimateEndNs } from '../../web/src/player/rowEnd';
import { PAUSE_GRACE_MS, pressJustMissedPause } from '../../web/src/player/types';
import { achievedSpeed, adaptEstimate, finishedText, finishNote, finishNoteChars, formatAchieved, formatSimTime, frameAdvanceNs, nextSpeed, pushPace, slowerThanAsked, SPEEDS, stepNs, type PaceSample } from '../../web/src/player/speed';

function fill(store: SnapshotStore, times: number[]): { store: SnapshotStore; dropped: number[] } {
  const dropped: number[] = [];
  for (const t of times) {
    const r = addSnapshot(store, { token: t + 1, timeNs: t });
    store = r.store;
    dropped.push(...r.drop);
  }
  return { store, dropped };
}

describe('snapshot selection', () => {
  it('picks the latest snapshot at or before the target', () => {
    const { store } = fill(emptyStore(1e9), [0, 1e9, 2e9, 3e9]);
    expect(pickSnapshot(store, 2.5e9)?.timeNs).toBe(2e9);
    expect(pickSnapshot(store, 2e9)?.timeNs).toBe(2e9);
    expect(pickSnapshot(store, 0)?.timeNs).toBe(0);
    expect(pickSnapshot(store, 99e9)?.timeNs).toBe(3e9);
    expect(pickSnapshot(emptyStore(), 5)).toBeUndefined();
  });

  it('snapshots every interval', () => {
    let { store } = fill(emptyStore(1e9), [0]);
    expect(shouldSnapshot(emptyStore(), 0)).toBe(true);
    expect(shouldSnapshot(store, 0.9e9)).toBe(false);
    expect(shouldSnapshot(store, 1e9)).toBe(true);
    store = fill(store, [1e9]).store;
    expect(shouldSnapshot(store, 1.5e9)).toBe(false);
  });

  it('keeps at most `max`, keeps t=0, thins evenly and doubles the interval', () => {
    const times = Array.from({ length: 50 }, (_, i) => i * 1e9);
    const { store, dropped } = fill(emptyStore(1e9, 20), times);
    expect(store.snaps.length).toBeLessThanOrEqual(20);
    expect(store.snaps[0].timeNs).toBe(0);
    expect(store.snaps[store.snaps.length - 1].timeNs).toBe(49e9);
    expect(store.intervalNs).toBeGreaterThan(1e9);
    expect(dropped.length + store.snaps.length).toBe(50);
    // No dropped token is still kept.
    const kept = new Set(store.snaps.map((s) => s.token));
    for (const d of dropped) expect(kept.has(d)).toBe(false);
    // Any target still finds a snapshot within a bounded distance.
    for (let t = 0; t < 49e9; t += 0.7e9) expect(t - pickSnapshot(store, t)!.timeNs).toBeLessThanOrEqual(store.intervalNs);
  });

  it('drops a duplicate time right away', () => {
    const { store } = fill(emptyStore(), [0]);
    const r = addSnapshot(store, { token: 99, timeNs: 0 });
    expect(r.drop).toEqual([99]);
    expect(r.store.snaps).toHaveLength(1);
  });
});

describe('speed', () => {
  it('walks the ladder and clamps at the ends', () => {
    expect(nextSpeed(1, 1)).toBe(2);
    expect(nextSpeed(1, -1)).toBe(0.5);
    expect(nextSpeed(SPEEDS[0], -1)).toBe(SPEEDS[0]);
    expect(nextSpeed('max', 1)).toBe('max');
    expect(nextSpeed(30, 1)).toBe('max');
    expect(nextSpeed(3, 1)).toBe(5); // off-ladder snaps up
    expect(nextSpeed(3, -1)).toBe(2);
  });
  it('sizes steps by speed, within bounds', () => {
    expect(stepNs(0.001)).toBe(2.5e5); // 250 µs: single splits at slow motion
    expect(stepNs(0.0001)).toBe(1e5);
    expect(stepNs(1)).toBe(0.25e9);
    expect(stepNs('max')).toBe(1e9);
    // a run of known length: at most 1/8 of it (a 0.9 s run at max was one step long)
    expect(stepNs('max', 0.9e9)).toBe(112.5e6);
    expect(stepNs(5, 1e9)).toBe(125e6);
    expect(stepNs(0.02, 1e9)).toBe(5e6); // already shorter: unchanged
    expect(stepNs(2, 4e9)).toBe(0.5e9); // a quarter second at 2× is within 1/8 of 4 s
    expect(stepNs('max', 300e9)).toBe(1e9);
    expect(stepNs('max', 4e5)).toBe(1e5); // never below 0.1 ms
  });
  it('advances by speed × wall time, clamping stalls', () => {
    expect(frameAdvanceNs(1, 16, 1e9)).toBe(16e6);
    expect(frameAdvanceNs(0.001, 16, 1e9)).toBe(16e3);
    expect(frameAdvanceNs(1, 5000, 1e9)).toBe(100e6);
    expect(frameAdvanceNs('max', 16, 5e9)).toBe(5e9);
  });
  it('a chosen speed is an upper bound: no more than the engine lately managed in a frame', () => {
    // 30x over 100 ms would be 3 s of simulated time; the engine managed 20 ms
    expect(frameAdvanceNs(30, 100, 20e6)).toBe(20e6);
    // never below 1 ms (a fresh estimate), but slow motion asks for less anyway
    expect(frameAdvanceNs(30, 100, 0)).toBe(1e6);
    expect(frameAdvanceNs(0.001, 16, 0)).toBe(16e3);
  });
  it('adapts the request to the budget', () => {
    expect(adaptEstimate(1e9, 1e9, 1e9)).toBe(1.5e9);
    expect(adaptEstimate(1e9, 1e9, 0.2e9)).toBe(0.2e9);
  });
  it('formats simulated time', () => {
    expect(formatSimTime(1.5e9)).toBe('1.500 s');
    expect(formatSimTime(2.5e6)).toBe('2.5 ms');
    expect(formatSimTime(42e3)).toBe('42 µs');
  });
  it("says when a run's workload ran out, and nothing while it runs", () => {
    expect(finishedText(184_670_200)).toBe('done at 184.7 ms');
    expect(finishedText(3.12e9)).toBe('done at 3.120 s');
    expect(finishedText(0)).toBe('done at 0 µs');
    expect(finishedText(null)).toBeNull();
    expect(finishedText(undefined)).toBeNull();
  });
  it('notes a run that stops at a row target, before and after it does; none for a duration-bound run', () => {
    expect(finishNote({ canFinish: true, finishedNs: null, done: false })).toBe('not done yet');
    expect(finishNote({ canFinish: true, finishedNs: 832_600_000, done: true })).toBe('done at 832.6 ms');
    expect(finishNote({ canFinish: true, finishedNs: null, done: true })).toBe('row target not reached');
    expect(finishNote({ canFinish: false, finishedNs: null, done: true })).toBeNull();
    expect(finishNote(undefined)).toBeNull();
  });
  it('says how far a run to a known row target is, in rows, until it is done', () => {
    const running = { canFinish: true, finishedNs: null, done: false, counters: { Innodb_rows_inserted: 45_210 } };
    expect(finishNote(running, 200_000)).toBe('45,210 of 200,000 rows');
    expect(finishNote({ ...running, counters: {} }, 1_000_000)).toBe('0 of 1,000,000 rows');
    expect(finishNote({ ...running, finishedNs: 1.8e9, done: true }, 200_000)).toBe('done at 1.800 s');
    expect(finishNote({ ...running, done: true }, 200_000)).toBe('row target not reached');
    // The note's slot is as wide as its longest progress text.
    expect(finishNoteChars(200_000)).toBe('200,000 of 200,000 rows'.length);
    expect(finishNoteChars(undefined)).toBe(0);
  });
});

describe('snapshot memory budget', () => {
  it('keeps at most what fits 1 GiB, never fewer than 2', async () => {
    const { maxSnapshotsFor, DEFAULT_MAX_SNAPSHOTS } = await import('../../web/src/player/snapshots');
    expect(maxSnapshotsFor(0)).toBe(DEFAULT_MAX_SNAPSHOTS);
    expect(maxSnapshotsFor(10 * 1024 * 1024)).toBe(20);
    expect(maxSnapshotsFor(300 * 1024 * 1024)).toBe(3);
    expect(maxSnapshotsFor(900 * 1024 * 1024)).toBe(2);
  });
});

describe('achieved speed (the badge when the engine cannot keep up)', () => {
  it('keeps a 2 s window, with the newest sample at or before its start', () => {
    let s: PaceSample[] = [];
    for (let w = 0; w <= 5000; w += 500) s = pushPace(s, { wallMs: w, ns: w * 1e5 });
    expect(s.map((p) => p.wallMs)).toEqual([3000, 3500, 4000, 4500, 5000]);
  });
  it('is simulated over wall seconds, once a second of wall time is covered', () => {
    expect(achievedSpeed([])).toBeNull();
    expect(achievedSpeed([{ wallMs: 0, ns: 0 }, { wallMs: 900, ns: 9e8 }])).toBeNull();
    // 0.2 simulated s in 1 wall s: 0.2x
    expect(achievedSpeed([{ wallMs: 1000, ns: 1e9 }, { wallMs: 1500, ns: 1.1e9 }, { wallMs: 2000, ns: 1.2e9 }])).toBeCloseTo(0.2, 12);
    // time went back (a seek): no figure
    expect(achievedSpeed([{ wallMs: 0, ns: 5e9 }, { wallMs: 1200, ns: 1e9 }])).toBeNull();
  });
  it('flags only a clear shortfall, never at max', () => {
    expect(slowerThanAsked(1, 0.2)).toBe(true);
    expect(slowerThanAsked(1, 0.75)).toBe(false);
    expect(slowerThanAsked(0.01, 0.0069)).toBe(true);
    expect(slowerThanAsked(1, null)).toBe(false);
    expect(slowerThanAsked('max', 0.01)).toBe(false);
  });
  it('keeps flagging until the speed climbs back above 0.85 of the chosen one (no flicker near 0.7)', () => {
    // at 1x: shown below 0.7; once shown, kept until 0.85
    let shown = false;
    const seen = [0.72, 0.69, 0.72, 0.8, 0.84, 0.86, 0.72].map((a) => (shown = slowerThanAsked(1, a, shown)));
    expect(seen).toEqual([false, true, true, true, true, false, false]);
    expect(slowerThanAsked(2, 1.6, true)).toBe(true);
    expect(slowerThanAsked(2, 1.8, true)).toBe(false);
    expect(slowerThanAsked('max', 0.01, true)).toBe(false);
    expect(slowerThanAsked(1, null, true)).toBe(false);
  });
  it('formats like the speed menu', () => {
    expect(formatAchieved(0.1834)).toBe('0.18×');
    expect(formatAchieved(0.0052)).toBe('0.0052×');
    expect(formatAchieved(2.46)).toBe('2.5×');
    expect(formatAchieved(12.4)).toBe('12×');
  });
});

describe('a seek in chunks (seek.ts)', () => {
  it('sizes the next chunk for ~100 ms of wall time, moving at most 4x per chunk', () => {
    expect(nextChunkNs(1e8, 1e8, 50)).toBe(2e8);
    expect(nextChunkNs(1e8, 1e8, 400)).toBe(2.5e7);
    expect(nextChunkNs(1e8, 1e8, 5000)).toBe(2.5e7); // one slow call: a quarter, not a fiftieth
    expect(nextChunkNs(1e8, 1e8, 0)).toBe(4e8);
    expect(nextChunkNs(2e6, 2e6, 10_000)).toBe(MIN_CHUNK_NS);
    // A chunk cut short (by the target) is judged by what it ran: 1 ms in 1 ms keeps 100 ms.
    expect(nextChunkNs(1e8, 1e6, 1)).toBe(1e8);
  });

  /** An engine that costs 1 wall ms per 10 simulated ms and whose workload may end early. */
  function fakeRun(endNs = Infinity, stopAfter = Infinity) {
    let t = 0;
    let wall = 0;
    const calls: number[] = [];
    let chunks = 0;
    const run: ChunkedRun = {
      runTo: async (to) => {
        calls.push(to);
        const next = Math.min(to, endNs);
        wall += (next - t) / 1e7;
        t = next;
        return { timeNs: t, done: [t >= endNs] };
      },
      afterChunk: async () => {
        chunks++;
      },
      wanted: () => chunks < stopAfter,
      now: () => wall,
    };
    return { run, calls, time: () => t, wall: () => wall };
  }

  it('gets to the target exactly, in chunks that grow to ~100 ms of wall time each', async () => {
    const f = fakeRun();
    const r = await runInChunks(f.run, 0, 20e9, 5e7);
    expect(r.reached).toBe(true);
    expect(f.time()).toBe(20e9);
    expect(f.calls.slice(0, 4)).toEqual([5e7, 2.5e8, 1.05e9, 2.05e9]); // 50 ms, then +200 ms, +800 ms, +1 s
    expect(f.calls.at(-1)).toBe(20e9);
    // 20 simulated s at 10x: 2 s of wall time in 100 ms pieces, none over it.
    const spans = f.calls.map((c, i) => c - (i ? f.calls[i - 1] : 0));
    expect(Math.max(...spans)).toBe(1e9);
    expect(f.calls.length).toBe(22);
    // The next seek starts at 1 s per chunk (the last chunk, cut short, ran at the same rate).
    expect(r.chunkNs).toBe(1e9);
  });

  it('stops after the chunk under way once it is no longer wanted, where it had got to', async () => {
    const f = fakeRun(Infinity, 3);
    const r = await runInChunks(f.run, 0, 20e9, 5e7);
    expect(r.reached).toBe(false);
    expect(f.calls).toEqual([5e7, 2.5e8, 1.05e9]);
    expect(f.time()).toBe(1.05e9);
  });

  it('ends where the workload runs out, short of the target', async () => {
    const f = fakeRun(3e9);
    const r = await runInChunks(f.run, 0, 20e9, 5e7);
    expect(r.reached).toBe(true);
    expect(f.time()).toBe(3e9);
    expect(f.calls.at(-1)).toBeLessThanOrEqual(4.05e9);
  });
});

describe('a press of Pause that arrives just after the run ended', () => {
  it('is taken as Pause (nothing happens) within the grace time, as Replay after it', () => {
    expect(PAUSE_GRACE_MS).toBe(400);
    expect(pressJustMissedPause(1000, 1000)).toBe(true);
    expect(pressJustMissedPause(1000, 1399)).toBe(true);
    expect(pressJustMissedPause(1000, 1400)).toBe(false);
    // never ended while playing (a run opened finished, or stepped to its end): Replay
    expect(pressJustMissedPause(null, 1000)).toBe(false);
    // a clock that went back (another page's time origin) is no reason to refuse
    expect(pressJustMissedPause(2000, 1000)).toBe(false);
  });
});

describe('the estimated end of a run to a row target (rowEnd.ts)', () => {
  it('scales the time so far by the rows still to come', () => {
    // 750 of 3,000 rows in 2 ms: the run ends at about 8 ms.
    expect(estimateEndNs(2e6, [{ rows: 750, target: 3000, finishedNs: null }])).toBe(8e6);
    // Inserts slowing down move the estimate later, and the thumb (t / end) stays at rows / target.
    const early = estimateEndNs(1e6, [{ rows: 500, target: 3000, finishedNs: null }])!;
    const late = estimateEndNs(4e6, [{ rows: 1000, target: 3000, finishedNs: null }])!;
    expect(early).toBe(6e6);
    expect(late).toBe(12e6);
    expect(1e6 / early).toBeCloseTo(500 / 3000, 9);
    expect(4e6 / late).toBeCloseTo(1000 / 3000, 9);
  });

  it('takes the later side of an A/B pair, a finished side at its finish', () => {
    const sides = [
      { rows: 3000, target: 3000, finishedNs: 3e6 },
      { rows: 1000, target: 3000, finishedNs: null },
    ];
    expect(estimateEndNs(4e6, sides)).toBe(12e6);
    expect(estimateEndNs(4e6, [sides[0]])).toBe(4e6); // finished earlier: never before now
    expect(estimateEndNs(2e6, [{ rows: 3000, target: 3000, finishedNs: 5e6 }])).toBe(5e6);
  });

  it('stops at the duration, which ends a run short of its rows', () => {
    expect(estimateEndNs(2e9, [{ rows: 10, target: 1e6, finishedNs: null }], 60e9)).toBe(60e9);
    expect(estimateEndNs(2e9, [{ rows: 0, finishedNs: 60e9 }], 60e9)).toBe(60e9);
  });

  it('has nothing to scale before the first row, without a target, or at t = 0', () => {
    expect(estimateEndNs(1e6, [{ rows: 0, target: 3000, finishedNs: null }])).toBeUndefined();
    expect(estimateEndNs(1e6, [{ rows: 10, finishedNs: null }])).toBeUndefined();
    expect(estimateEndNs(0, [{ rows: 10, target: 3000, finishedNs: null }])).toBeUndefined();
    expect(estimateEndNs(1e6, [])).toBeUndefined();
  });
});
