// Thread swimlanes: the bounded ring of thread_states() columns (push, replace, rewind,
// wrap), lane geometry for 4 to 4,096 threads, the state a grouped lane shows, the RGBA
// pixels, and the counts sentence of the accessible summary.
import { describe, expect, it } from 'vitest';
import { column, columnJumped, columnSought, columnTime, createRing, pushStates } from '../../web/src/views/threads/ring';
import { blankColumns, blankStretch, columnSpans, countsSentence, hatchMask, laneGrid, laneLayout, NO_LANE, paintGrid, laneState, paintLanes, stateCounts, timeSpans } from '../../web/src/views/threads/layout';

const u8 = (...v: number[]) => Uint8Array.from(v);
const cols = (r: ReturnType<typeof createRing>) => Array.from({ length: r.length }, (_, i) => [columnTime(r, i), ...column(r, i)]);

describe('pushStates', () => {
  it('appends columns, oldest first', () => {
    let r = pushStates(null, 10, u8(1, 2), 3);
    r = pushStates(r, 20, u8(3, 4), 3);
    expect(cols(r)).toEqual([
      [10, 1, 2],
      [20, 3, 4],
    ]);
  });
  it('drops the oldest past the capacity (wraps)', () => {
    let r = null;
    for (let t = 1; t <= 5; t++) r = pushStates(r, t, u8(t), 3);
    expect(cols(r!)).toEqual([
      [3, 3],
      [4, 4],
      [5, 5],
    ]);
    expect(r!.start).toBe(2);
  });
  it('replaces a column at the same time (idempotent) and rewinds when time goes back', () => {
    let r = null;
    for (let t = 1; t <= 4; t++) r = pushStates(r, t * 10, u8(t), 8);
    r = pushStates(r, 40, u8(9), 8);
    expect(cols(r)).toEqual([
      [10, 1],
      [20, 2],
      [30, 3],
      [40, 9],
    ]);
    r = pushStates(r, 25, u8(7), 8); // step back to t = 25: 30 and 40 never happened
    expect(cols(r)).toEqual([
      [10, 1],
      [20, 2],
      [25, 7],
    ]);
    r = pushStates(r, 0, u8(0), 8); // a new engine generation starts at 0
    expect(cols(r)).toEqual([[0, 0]]);
  });
  it('starts over when the thread count changes', () => {
    const a = pushStates(null, 10, u8(1, 1), 4);
    const b = pushStates(a, 20, u8(1, 1, 1), 4);
    expect(b).not.toBe(a);
    expect(cols(b)).toEqual([[20, 1, 1, 1]]);
  });
});

describe('laneLayout', () => {
  it('few threads: tall lanes capped at 12 px with a separator', () => {
    expect(laneLayout(4)).toEqual({ rows: 4, threadsPerRow: 1, rowHeight: 12, gap: true, height: 48 });
    expect(laneLayout(16)).toEqual({ rows: 16, threadsPerRow: 1, rowHeight: 12, gap: true, height: 192 });
  });
  it('256 threads: one 1 px lane each', () => {
    expect(laneLayout(256)).toEqual({ rows: 256, threadsPerRow: 1, rowHeight: 1, gap: false, height: 256 });
    expect(laneLayout(100)).toEqual({ rows: 100, threadsPerRow: 1, rowHeight: 2, gap: false, height: 200 });
  });
  it('4,096 threads: 16 threads per lane', () => {
    expect(laneLayout(4096)).toEqual({ rows: 256, threadsPerRow: 16, rowHeight: 1, gap: false, height: 256 });
    expect(laneLayout(300)).toEqual({ rows: 150, threadsPerRow: 2, rowHeight: 1, gap: false, height: 150 });
  });
  it('no threads: nothing to draw', () => {
    expect(laneLayout(0).rows).toBe(0);
  });
});

describe('laneState', () => {
  it('one thread per lane: its own state', () => {
    expect(laneState(u8(1, 5, 3), 1, 1)).toBe(5);
  });
  it('grouped lane: the commonest state; ties go to the waits', () => {
    expect(laneState(u8(1, 1, 2, 0), 0, 4)).toBe(1);
    expect(laneState(u8(1, 1, 5, 5), 0, 4)).toBe(5); // tie running/asleep → asleep
    expect(laneState(u8(6, 6, 5, 5), 0, 4)).toBe(6); // tie asleep on a latch / query cache lock → the lock
    expect(laneState(u8(1, 4, 2, 9), 0, 4)).toBe(4); // 9 is unknown → idle; 1-1-1-1 tie → spinning
    expect(laneState(u8(0, 0, 0, 3, 3), 1, 3)).toBe(3); // last lane may be short: threads 3 and 4
  });
});

describe('paintLanes', () => {
  it('one pixel column per frame held, oldest first, the rest transparent; a pixel row per lane', () => {
    let r = pushStates(null, 1, u8(1, 5), 3);
    r = pushStates(r, 2, u8(4, 0), 3);
    const rgb: [number, number, number][] = [
      [10, 10, 10],
      [0, 200, 0],
      [1, 1, 1],
      [2, 2, 2],
      [250, 160, 0],
      [220, 0, 60],
    ];
    const px = paintLanes(r, laneLayout(2), rgb);
    const at = (x: number, y: number) => Array.from(px.slice((y * 3 + x) * 4, (y * 3 + x) * 4 + 4));
    expect(px.length).toBe(3 * 2 * 4);
    expect(at(0, 0)).toEqual([0, 200, 0, 255]);
    expect(at(0, 1)).toEqual([220, 0, 60, 255]);
    expect(at(1, 0)).toEqual([250, 160, 0, 255]);
    expect(at(1, 1)).toEqual([10, 10, 10, 255]);
    expect(at(2, 0)).toEqual([0, 0, 0, 0]);
    // repainting into the same buffer clears what is no longer held
    const again = paintLanes(pushStates(r, 1, u8(1, 5), 3), laneLayout(2), rgb, px);
    expect(again).toBe(px);
    expect(at(1, 0)).toEqual([0, 0, 0, 0]);
  });
});

describe('laneGrid', () => {
  it('each lane\'s state per frame held, once, for every painting (colours and masks)', () => {
    // 4 threads in lanes of 2 (a 1-row budget per 2 threads): the commonest state, waits first on a tie
    let r = pushStates(null, 1, u8(1, 1, 5, 2), 3);
    r = pushStates(r, 2, u8(0, 1, 6, 6), 3);
    const lanes = laneLayout(4, 2);
    expect(lanes.threadsPerRow).toBe(2);
    const g = laneGrid(r, lanes);
    expect(Array.from(g)).toEqual([1, 1, NO_LANE, 5, 6, NO_LANE]);
    // painted: the same as paintLanes, transparent past the frames held
    const rgb = [[0, 0, 0], [0, 200, 0], [9, 9, 9], [9, 9, 9], [9, 9, 9], [200, 0, 0], [120, 60, 0]];
    expect(Array.from(paintGrid(g, rgb))).toEqual(Array.from(paintLanes(r, lanes, rgb)));
    expect(Array.from(paintGrid(g, rgb).slice(8, 12))).toEqual([0, 0, 0, 0]);
  });
});

describe('hatchMask', () => {
  it('masks the states the legend hatches, the query cache lock apart (cross-hatched)', () => {
    // frames.ts bytes: 0 idle, 1 running, 2 waiting for a CPU, 3 waiting for IO, 4 spinning, 5 asleep, 6 query cache lock
    const alpha = (m: number[][]) => m.map((c) => c[3]);
    expect(alpha(hatchMask(false))).toEqual([255, 0, 255, 0, 0, 255, 0]);
    expect(alpha(hatchMask(true))).toEqual([0, 0, 0, 0, 0, 0, 255]);
  });
  it('painted as a mask: opaque where a lane shows a hatched state', () => {
    const r = pushStates(null, 1, u8(1, 5, 6, 0), 2);
    const px = paintLanes(r, laneLayout(4), hatchMask(false));
    expect([0, 1, 2, 3].map((y) => px[y * 2 * 4 + 3])).toEqual([0, 255, 0, 255]);
    const cross = paintLanes(r, laneLayout(4), hatchMask(true));
    expect([0, 1, 2, 3].map((y) => cross[y * 2 * 4 + 3])).toEqual([0, 0, 255, 0]);
  });
});

describe('columnSpans', () => {
  it('equal shares of the width, whole px', () => {
    expect(columnSpans(4, 400)).toEqual({ x: [0, 100, 200, 300], w: [100, 100, 100, 100] });
    expect(columnSpans(3, 100)).toEqual({ x: [0, 33, 67], w: [33, 34, 33] });
    expect(columnSpans(1, 300)).toEqual({ x: [0], w: [300] });
  });
  it('many frames in few px stay 1 px wide, inside the width', () => {
    const s = columnSpans(240, 100);
    expect(Math.min(...s.w)).toBe(1);
    expect(Math.max(...s.x)).toBe(99);
    expect(columnSpans(0, 100)).toEqual({ x: [], w: [] });
  });
});

describe('timeSpans', () => {
  it('places each frame by simulated time: a column spans the time since the one before', () => {
    // 1 px for the oldest, then 100 px for the 99 ns up to t = 100.
    expect(timeSpans([1, 34, 67, 100], 100)).toEqual({ x: [0, 1, 34, 67], w: [1, 33, 33, 33] });
    // Many frames in a short stretch (a slow engine in a convoy) take that stretch's share
    // of the width, not one column each: 8 frames in the first 0.1 s of 1.0 s.
    const times = [0, 0.0125, 0.025, 0.0375, 0.05, 0.0625, 0.075, 0.0875, 0.1, 0.55, 1.0];
    const s = timeSpans(times, 201);
    expect(s.x[9] + s.w[9] - s.x[1]).toBe(110); // 0 to 0.55 s: 55% of the 200 px after the first
    expect(s.x[8] + s.w[8] - s.x[1]).toBe(20); // 0 to 0.1 s: 10%
    expect(s.x[10] + s.w[10]).toBe(201); // the newest reaches the right edge
  });
  it('falls back to equal shares when the frames are at one instant; 1 px at least', () => {
    expect(timeSpans([5, 5, 5], 90)).toEqual(columnSpans(3, 90));
    expect(timeSpans([7], 50)).toEqual({ x: [0], w: [50] });
    expect(timeSpans([], 50)).toEqual({ x: [], w: [] });
    const tiny = timeSpans([0, 1, 2, 1000], 100);
    expect(Math.min(...tiny.w)).toBe(1);
    expect(Math.max(...tiny.x)).toBeLessThan(100);
  });
});

describe('stateCounts / countsSentence', () => {
  it('counts per state byte, in legend order in words', () => {
    const n = stateCounts(u8(1, 1, 2, 4, 5, 5, 3, 0, 7, 6, 6, 6));
    expect(n).toEqual([2, 2, 1, 1, 1, 2, 3]); // byte 6: waiting for the query cache lock
    expect(countsSentence(n, String)).toBe(
      '12 client threads: 2 running, 1 waiting for a CPU, 1 spinning on a latch, 2 asleep on a latch, 3 waiting for query cache lock, 1 waiting for IO, 2 idle',
    );
    expect(countsSentence(stateCounts(u8(1)), String)).toMatch(/^1 client thread: 1 running,/);
    // no MySQL query cache: its lock is not listed
    expect(countsSentence(stateCounts(u8(1, 1, 3)), String, false)).toBe(
      '3 client threads: 2 running, 0 waiting for a CPU, 0 spinning on a latch, 0 asleep on a latch, 1 waiting for IO, 0 idle',
    );
  });
});

describe('blankColumns / blankStretch', () => {
  const wide = (n: number) => Array(n).fill(40);
  it('blanks the columns a seek showed, wider than 6 px: a link to 0.3 s run in three chunks', () => {
    const times = [0, 1e8, 2e8, 3e8];
    const blank = blankColumns(times, [false, true, true, true], [false, true, true, true], [1, 40, 40, 40]);
    expect(blank).toEqual([false, true, true, true]);
    expect(blankStretch(times, blank)).toEqual({ fromNs: 0, toNs: 3e8 });
    // then playback: its columns are drawn, and the stretch ends where the seek did
    const later = [0, 1e8, 2e8, 3e8, 3.1e8];
    const b2 = blankColumns(later, [false, true, true, true, false], [false, true, true, true, false], [1, 40, 40, 40, 4]);
    expect(b2).toEqual([false, true, true, true, false]);
    expect(blankStretch(later, b2)).toEqual({ fromNs: 0, toNs: 3e8 });
  });
  it('blanks a step only when it covers more than half the window', () => {
    expect(blankColumns([0, 3e8], [false, true], [false, false], [1, 300])).toEqual([false, true]);
    expect(blankColumns([0, 3e8, 3.1e8, 3.2e8], [false, true, false, false], [false, false, false, false], wide(4))).toEqual([false, true, false, false]);
    expect(blankColumns([0, 1e7, 2e7, 3e7], [false, true, true, true], [false, false, false, false], wide(4))).toEqual([false, false, false, false]); // steps in slow motion
    expect(blankColumns([0, 5e7, 1e8], [false, true, true], [false, false, false], wide(3))).toEqual([false, false, false]); // exactly half is not more
  });
  it('never blanks playback, a column 6 px wide or less, the oldest column, or one instant', () => {
    expect(blankColumns([0, 3e8], [false, false], [false, false], [1, 300])).toEqual([false, false]); // the first frame of playback
    expect(blankColumns([0, 1e8, 2e8], [false, true, true], [false, true, true], [1, 6, 6])).toEqual([false, false, false]);
    expect(blankColumns([3e8], [true], [true], [300])).toEqual([false]);
    expect(blankColumns([3e8, 3e8], [false, true], [false, true], [1, 300])).toEqual([false, false]);
    expect(blankStretch([0, 1e8], [false, false])).toBeNull();
  });
});

describe('ring: go-to columns', () => {
  it('keeps the flag per column, replaces it with a column at the same time, drops it with a rewind', () => {
    let r = pushStates(null, 0, new Uint8Array([0, 0]), 4);
    r = pushStates(r, 3e8, new Uint8Array([1, 2]), 4, true);
    r = pushStates(r, 3.1e8, new Uint8Array([1, 1]), 4);
    expect([0, 1, 2].map((i) => columnJumped(r, i))).toEqual([false, true, false]);
    r = pushStates(r, 3e8, new Uint8Array([1, 2]), 4); // back to 0.3 s by playback's clock: replaced
    expect(r.length).toBe(2);
    expect(columnJumped(r, 1)).toBe(false);
    // the flag follows its column round the ring
    for (const t of [4e8, 5e8, 6e8]) r = pushStates(r, t, new Uint8Array([0, 0]), 4, t === 6e8);
    expect([0, 1, 2, 3].map((i) => [columnTime(r, i), columnJumped(r, i)])).toEqual([[3e8, false], [4e8, false], [5e8, false], [6e8, true]]);
  });
  it('tells a seek\'s columns from a step\'s: both went there in one go', () => {
    let r = pushStates(null, 0, new Uint8Array([0]), 4);
    r = pushStates(r, 1e8, new Uint8Array([1]), 4, true, true);
    r = pushStates(r, 2e8, new Uint8Array([1]), 4, true);
    r = pushStates(r, 3e8, new Uint8Array([1]), 4);
    expect([0, 1, 2, 3].map((i) => [columnJumped(r, i), columnSought(r, i)])).toEqual([[false, false], [true, true], [true, false], [false, false]]);
  });
});
