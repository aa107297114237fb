// Pure layout of the buffer pool grid: pool_frames bytes → counts (free/clean/dirty,
// young/old), the midpoint, square cell geometry that fits a width, and the midpoint line.
import { FRAME_CLEAN, FRAME_DIRTY, FRAME_FREE, FRAME_OLD } from '../../engine/frames';

export interface PoolCounts {
  total: number;
  free: number;
  clean: number;
  dirty: number;
  young: number; // LRU pages before the midpoint
  old: number; // LRU pages in the old sublist
  /** Index of the first old frame (the midpoint), or -1 when there is no old sublist. */
  midpoint: number;
}

/** Decode counts from pool_frames (LRU order head → tail, then free frames). */
export function poolCounts(pool: Uint8Array): PoolCounts {
  const c: PoolCounts = { total: pool.length, free: 0, clean: 0, dirty: 0, young: 0, old: 0, midpoint: -1 };
  for (let i = 0; i < pool.length; i++) {
    const b = pool[i];
    const kind = b & 3;
    if (kind === FRAME_FREE) {
      c.free++;
      continue;
    }
    if (kind === FRAME_CLEAN) c.clean++;
    else if (kind === FRAME_DIRTY) c.dirty++;
    if (b & FRAME_OLD) {
      c.old++;
      if (c.midpoint < 0) c.midpoint = i;
    } else c.young++;
  }
  return c;
}

export interface PoolGrid {
  cell: number; // px, square
  gap: number; // px between cells (0 for tiny cells)
  cols: number;
  rows: number;
  width: number; // px actually used
  height: number;
}

/**
 * Largest square cell (1..maxCell px) such that `n` cells fit in `width` px and, if
 * possible, `maxHeight` px. Cells of 4 px or more get a 1 px gap.
 */
export function poolGrid(n: number, width: number, maxHeight: number, maxCell = 24): PoolGrid {
  const w = Math.max(1, Math.floor(width));
  if (n <= 0) return { cell: 0, gap: 0, cols: 0, rows: 0, width: 0, height: 0 };
  let cell = Math.min(maxCell, Math.max(1, Math.floor(Math.sqrt((w * maxHeight) / n))), w);
  const fits = (s: number) => Math.ceil(n / Math.floor(w / s)) * s <= maxHeight;
  while (cell > 1 && !fits(cell)) cell--;
  while (cell < maxCell && cell < w && fits(cell + 1)) cell++;
  const cols = Math.min(n, Math.floor(w / cell));
  const rows = Math.ceil(n / cols);
  return { cell, gap: cell >= 4 ? 1 : 0, cols, rows, width: cols * cell, height: rows * cell };
}

/** Top-left px of frame `i` in the grid (row-major, left to right). */
export function cellOrigin(i: number, g: PoolGrid): [number, number] {
  return [(i % g.cols) * g.cell, Math.floor(i / g.cols) * g.cell];
}

/**
 * The boundary between frames < m and ≥ m as a polyline (the midpoint line): along
 * the bottom of the earlier part of m's row, up at m's left edge, along the top of the rest.
 */
export function midpointLine(m: number, g: PoolGrid): [number, number][] {
  if (m < 0 || g.cols === 0) return [];
  const r = Math.floor(m / g.cols);
  const c = m % g.cols;
  const s = g.cell;
  const right = g.cols * s;
  if (c === 0) return [
    [0, r * s],
    [right, r * s],
  ];
  return [
    [0, (r + 1) * s],
    [c * s, (r + 1) * s],
    [c * s, r * s],
    [right, r * s],
  ];
}

/** Legend role of a frame byte (palette.frame key: kind, lighter tint in the old sublist). */
export function frameRole(b: number): 'free' | 'clean' | 'dirty' | 'cleanOld' | 'dirtyOld' {
  const kind = b & 3;
  if (kind === FRAME_FREE) return 'free';
  const old = (b & FRAME_OLD) !== 0;
  if (kind === FRAME_DIRTY) return old ? 'dirtyOld' : 'dirty';
  return old ? 'cleanOld' : 'clean';
}

/** InnoDB keeps no old sublist while the LRU list is shorter than this (BUF_LRU_OLD_MIN_LEN). */
export const LRU_OLD_MIN_LEN = 512;

/** The legend's words for the midpoint: where it is, or why there is none. A pool of
 *  fewer frames than LRU_OLD_MIN_LEN never has one ("none yet" promised one to a 64-page pool). */
export function midpointText(midpoint: number, frames: number, fmt: (v: number) => string): string {
  if (midpoint >= 0) return ` (position ${fmt(midpoint)})`;
  if (frames < LRU_OLD_MIN_LEN) return `: none (a pool under ${fmt(LRU_OLD_MIN_LEN)} pages keeps no old sublist)`;
  return `: none yet (LRU < ${fmt(LRU_OLD_MIN_LEN)} pages)`;
}
