// Pure layout of the thread swimlanes: one lane per client thread (or per group of
// threads when there are more threads than pixel rows), simulated time on x (a column per
// frame shown, as wide as the time since the one before); the pixels as RGBA bytes, and
// the words of the accessible summary.
import { THREAD_STATE_COUNT } from '../../engine/frames';
import { THREAD_STATES, threadStatesFor } from '../../charts/common/threadStates';
import { noun } from '../../charts/common/format';
import { column, type StateRing } from './ring';

/** Vertical geometry of the lanes. */
export interface LaneLayout {
  rows: number; // pixel rows of the image (lanes drawn)
  threadsPerRow: number; // 1, or k threads summarised in one lane
  rowHeight: number; // CSS px per lane
  gap: boolean; // a 1 px separator under each lane (tall lanes only)
  height: number; // CSS px of the lane area
}

/** Tallest a lane is drawn (px) and the default height budget of the lane area. */
export const MAX_LANE_PX = 12;
export const DEFAULT_LANES_HEIGHT = 256;

/** Lanes for `threads` threads within `maxHeight` px: 1 px lanes at least, grouped past that. */
export function laneLayout(threads: number, maxHeight = DEFAULT_LANES_HEIGHT): LaneLayout {
  const budget = Math.max(1, Math.floor(maxHeight));
  if (threads <= 0) return { rows: 0, threadsPerRow: 1, rowHeight: 0, gap: false, height: 0 };
  const threadsPerRow = Math.ceil(threads / budget);
  const rows = Math.ceil(threads / threadsPerRow);
  const rowHeight = Math.max(1, Math.min(MAX_LANE_PX, Math.floor(budget / rows)));
  return { rows, threadsPerRow, rowHeight, gap: rowHeight >= 6, height: rows * rowHeight };
}

/**
 * When a lane stands for several threads, the state most of them are in; a tie goes to
 * the state listed first here (waits before running before idle), so contention shows.
 */
const TIE_ORDER = [6, 5, 4, 3, 2, 1, 0];

/** The state byte one lane shows: thread `row`'s own, or the commonest of its group. */
export function laneState(states: Uint8Array, row: number, threadsPerRow: number): number {
  return laneStateWith(states, row, threadsPerRow, new Array<number>(THREAD_STATE_COUNT));
}

/** [`laneState`] counting into `n` (THREAD_STATE_COUNT long, reused across lanes). */
function laneStateWith(states: Uint8Array, row: number, threadsPerRow: number, n: number[]): number {
  if (threadsPerRow <= 1) return states[row] ?? 0;
  n.fill(0);
  const end = Math.min(states.length, (row + 1) * threadsPerRow);
  for (let i = row * threadsPerRow; i < end; i++) n[states[i] < THREAD_STATE_COUNT ? states[i] : 0]++;
  let best = TIE_ORDER[0];
  for (const s of TIE_ORDER) if (n[s] > n[best]) best = s;
  return best;
}

/** [`paintLanes`]'s colours for a mask: opaque for the states drawn hatched (`cross`
 *  false) or cross-hatched (true), as their legend swatches are; transparent for the rest. */
export function hatchMask(cross: boolean): number[][] {
  const out: number[][] = [];
  for (const s of THREAD_STATES) out[s.byte] = [0, 0, 0, s.hatch && (s.cross === true) === cross ? 255 : 0];
  return out;
}

/** A lane grid's byte where no frame is held (drawn transparent). */
export const NO_LANE = 255;

/**
 * The state byte each lane shows, frame by frame: a `ring.capacity` × `lanes.rows` grid,
 * row-major (column x is the x-th oldest frame, row y a lane), [`NO_LANE`] past the
 * frames held. Worked out once per frame and painted as often as needed (the colours,
 * then the masks of the hatched states): a lane of 8 threads takes a count of 8.
 * Fills `out` when it has the right size (no garbage per frame).
 */
export function laneGrid(ring: StateRing, lanes: LaneLayout, out?: Uint8Array): Uint8Array {
  const w = ring.capacity;
  const size = w * lanes.rows;
  const g = out && out.length === size ? out : new Uint8Array(size);
  g.fill(NO_LANE);
  const n = new Array<number>(THREAD_STATE_COUNT);
  for (let c = 0; c < ring.length; c++) {
    const states = column(ring, c);
    for (let y = 0; y < lanes.rows; y++) g[y * w + c] = laneStateWith(states, y, lanes.threadsPerRow, n);
  }
  return g;
}

/**
 * RGBA bytes of a lane grid ([`laneGrid`]): `rgb[state]` per cell, with an optional
 * alpha (255 without one: a mask of some states gives the others 0); transparent where
 * no frame is held. Paints into `out` when it has the right size.
 */
export function paintGrid(grid: Uint8Array, rgb: readonly (readonly number[])[], out?: Uint8ClampedArray): Uint8ClampedArray {
  const px = out && out.length === grid.length * 4 ? out : new Uint8ClampedArray(grid.length * 4);
  for (let i = 0; i < grid.length; i++) {
    const o = i * 4;
    if (grid[i] === NO_LANE) {
      px[o] = px[o + 1] = px[o + 2] = px[o + 3] = 0;
      continue;
    }
    const col = rgb[grid[i]] ?? rgb[0];
    px[o] = col[0];
    px[o + 1] = col[1];
    px[o + 2] = col[2];
    px[o + 3] = col[3] ?? 255;
  }
  return px;
}

/**
 * RGBA bytes of a `ring.capacity` × `lanes.rows` image: column x < ring.length is the
 * x-th oldest frame, row y a lane; the rest stays transparent. `rgb[state]` is the colour
 * of each state byte, with an optional alpha. Paints into `out` when it has the right size.
 */
export function paintLanes(ring: StateRing, lanes: LaneLayout, rgb: readonly (readonly number[])[], out?: Uint8ClampedArray): Uint8ClampedArray {
  return paintGrid(laneGrid(ring, lanes), rgb, out);
}

/**
 * Where each frame column goes on `width` px: equal shares of the width, so the newest
 * frames read as well in slow motion (small steps) as after big jumps; columns fill the
 * width and then scroll as the ring fills. Whole px; at least 1 px wide.
 */
export function columnSpans(n: number, width: number): { x: number[]; w: number[] } {
  const W = Math.max(1, Math.floor(width));
  const at = (i: number) => Math.round((i / n) * W);
  const x: number[] = [];
  const w: number[] = [];
  for (let i = 0; i < n; i++) {
    const left = Math.min(W - 1, at(i));
    x.push(left);
    w.push(Math.max(1, at(i + 1) - left));
  }
  return { x, w };
}

/**
 * Where each frame column goes on `width` px, by simulated time: column i (at `times[i]`,
 * oldest first) spans from the column before it to its own time, so a stretch of the run
 * is as wide as its share of the window however many frames showed it (a slow engine
 * draws more frames per simulated second where contention is heavy, and equal columns
 * made such a stretch look longer than it was). The oldest column gets 1 px at the left
 * edge; every column at least 1 px. Equal shares ([`columnSpans`]) when all are at one
 * instant.
 */
export function timeSpans(times: ArrayLike<number>, width: number): { x: number[]; w: number[] } {
  const n = times.length;
  const W = Math.max(1, Math.floor(width));
  const t0 = times[0];
  const t1 = times[n - 1];
  if (n < 2 || !(t1 > t0) || W < 2) return columnSpans(n, W);
  const at = (t: number) => 1 + Math.round(((t - t0) / (t1 - t0)) * (W - 1));
  const x = [0];
  const w = [1];
  for (let i = 1; i < n; i++) {
    const left = Math.min(W - 1, at(times[i - 1]));
    x.push(left);
    w.push(Math.max(1, at(times[i]) - left));
  }
  return { x, w };
}

/** A column drawn wider than this (px) from one sample may be left blank ([`blankColumns`]). */
export const HELD_PX = 6;
/** The line (px) at the right of a blank column: the states where the go-to stopped. */
export const SAMPLE_PX = 2;

/**
 * Which columns stand for a stretch nobody watched, to draw blank but for a [`SAMPLE_PX`]
 * line of the states at their end: wider than `heldPx` on screen (`w`), and shown by a
 * seek (`sought[i]`: a link's time or the scrubber; the player ran there in chunks and
 * drew a frame now and then), or after any go-to (`jumped[i]`, a large step) covering
 * more than half the window (`times` oldest first). Drawn as blocks, a link to t = 0.45 s
 * read as threads holding one state for 0.1 s at a time. Playback's columns never count,
 * however wide the first frame of a run: it is what the engine showed; nor do steps in
 * slow motion, each a deliberate look.
 */
export function blankColumns(times: ArrayLike<number>, jumped: ArrayLike<boolean>, sought: ArrayLike<boolean>, w: ArrayLike<number>, heldPx = HELD_PX): boolean[] {
  const n = times.length;
  const window = n > 1 ? times[n - 1] - times[0] : 0;
  return Array.from({ length: n }, (_, i) => i > 0 && window > 0 && w[i] > heldPx && (sought[i] || (jumped[i] && times[i] - times[i - 1] > window / 2)));
}

/** From the start of the first blank column to the end of the last (ns), or null. */
export function blankStretch(times: ArrayLike<number>, blank: readonly boolean[]): { fromNs: number; toNs: number } | null {
  const first = blank.indexOf(true);
  if (first < 1) return null;
  return { fromNs: times[first - 1], toNs: times[blank.lastIndexOf(true)] };
}

/** Threads per state byte (index = byte; unknown bytes count as idle). */
export function stateCounts(states: Uint8Array): number[] {
  const n = new Array<number>(THREAD_STATE_COUNT).fill(0);
  for (const s of states) n[s < THREAD_STATE_COUNT ? s : 0]++;
  return n;
}

/** "256 client threads: 96 running, 160 waiting for a CPU, …" in legend order (the query cache lock's only with `qcLock`). */
export function countsSentence(counts: number[], fmt: (v: number) => string, qcLock = true): string {
  const total = counts.reduce((a, b) => a + b, 0);
  const parts = threadStatesFor(qcLock).map((s) => `${fmt(counts[s.byte] ?? 0)} ${s.label}`);
  return `${fmt(total)} client ${noun(total, 'thread')}: ${parts.join(', ')}`;
}
