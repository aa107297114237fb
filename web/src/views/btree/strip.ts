// Pure layout of the leaf strip: leaf_fill/leaf_state bytes in a leaf range → one column
// per leaf, or per pixel when leaves outnumber pixels (mean and max fill, pool and AHI
// shares), and the strip's rows (the AHI row only once the AHI has hashed pages).
import { LEAF_DIRTY, LEAF_HASHED, LEAF_RESIDENT, LEAF_SPLIT_RECENT, type TraceEvent } from '../../engine/frames';
import { formatCount, noun } from '../../charts/common/format';
import { formatSimTime } from '../../player/speed';
import type { LeafRange } from './layout';

/** Column-wise view model of the strip; arrays are indexed by column. */
export interface StripColumns {
  columns: number;
  colWidth: number; // px
  leavesPerColumn: number; // 1 when every leaf has its own column
  firstLeaf: Int32Array; // first leaf ordinal of each column
  meanFill: Float32Array; // 0..1
  maxFill: Float32Array; // 0..1
  resident: Float32Array; // share of the column's leaves in the buffer pool
  dirty: Float32Array; // share that are dirty
  hashed: Float32Array; // share hashed by the adaptive hash index
  split: Uint8Array; // 1 if any leaf of the column split in the last frame
}

/** Bin the leaves of `range` into at most `width` columns (width in whole px). */
export function binLeaves(fill: Uint8Array, state: Uint8Array, range: LeafRange, width: number): StripColumns {
  const count = Math.max(0, range.hi - range.lo);
  const px = Math.max(1, Math.floor(width));
  const columns = Math.min(count, px);
  const out: StripColumns = {
    columns,
    colWidth: columns ? px / columns : 0,
    leavesPerColumn: columns ? count / columns : 0,
    firstLeaf: new Int32Array(columns),
    meanFill: new Float32Array(columns),
    maxFill: new Float32Array(columns),
    resident: new Float32Array(columns),
    dirty: new Float32Array(columns),
    hashed: new Float32Array(columns),
    split: new Uint8Array(columns),
  };
  for (let c = 0; c < columns; c++) {
    const a = range.lo + Math.floor((c * count) / columns);
    const b = range.lo + Math.floor(((c + 1) * count) / columns);
    let sum = 0;
    let mx = 0;
    let res = 0;
    let dirty = 0;
    let hashed = 0;
    let split = 0;
    for (let i = a; i < b; i++) {
      const f = fill[i] ?? 0;
      const s = state[i] ?? 0;
      sum += f;
      if (f > mx) mx = f;
      if (s & LEAF_RESIDENT) res++;
      if (s & LEAF_DIRTY) dirty++;
      if (s & LEAF_HASHED) hashed++;
      if (s & LEAF_SPLIT_RECENT) split = 1;
    }
    const n = b - a;
    out.firstLeaf[c] = a;
    out.meanFill[c] = n ? sum / 255 / n : 0;
    out.maxFill[c] = mx / 255;
    out.resident[c] = n ? res / n : 0;
    out.dirty[c] = n ? dirty / n : 0;
    out.hashed[c] = n ? hashed / n : 0;
    out.split[c] = split;
  }
  return out;
}

/** Leaf ordinal under x px (clamped into the range). */
export function leafAtX(x: number, range: LeafRange, width: number): number {
  const count = range.hi - range.lo;
  if (count <= 0 || width <= 0) return range.lo;
  const i = Math.floor((x / width) * count);
  return range.lo + Math.max(0, Math.min(count - 1, i));
}

/** Column index under x px. */
export function columnAtX(x: number, cols: StripColumns): number {
  if (cols.columns === 0) return -1;
  return Math.max(0, Math.min(cols.columns - 1, Math.floor(x / cols.colWidth)));
}

/** Ordinals of the leaves whose split bit is set (the leaves that split in the last frame). */
export function recentSplits(state: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < state.length; i++) if (state[i] & LEAF_SPLIT_RECENT) out.push(i);
  return out;
}

/** Counts over all leaves: resident, dirty, hashed by the AHI, split in the last frame. */
export function leafCounts(state: Uint8Array): { resident: number; dirty: number; hashed: number; split: number } {
  let resident = 0;
  let dirty = 0;
  let hashed = 0;
  let split = 0;
  for (let i = 0; i < state.length; i++) {
    const s = state[i];
    if (s & LEAF_RESIDENT) resident++;
    if (s & LEAF_DIRTY) dirty++;
    if (s & LEAF_HASHED) hashed++;
    if (s & LEAF_SPLIT_RECENT) split++;
  }
  return { resident, dirty, hashed, split };
}

/** One horizontal band of the strip canvas (px). */
export interface StripBand {
  y: number;
  h: number;
}

/**
 * " · 6 leaves changed by a split in the last 25.0 ms" for the tree's stats line: the
 * stretch the marks cover is the frame before to this one, as long as a step when
 * stepping and a sliver of a frame when playing, so the same time can show 3 leaves
 * after play and 6 after a step; saying how long tells them apart. Empty without marks;
 * "since the last update" when the frame does not say where it started.
 */
export function splitNews(split: number, timeNs: number, sinceNs: number | undefined): string {
  if (split <= 0) return '';
  const when = sinceNs !== undefined && sinceNs < timeNs ? `in the last ${formatSimTime(timeNs - sinceNs)}` : 'since the last update';
  return ` · ${formatCount(split)} ${noun(split, 'leaf', 'leaves')} changed by a split ${when}`;
}

/** Vertical bands of the strip canvas: split markers, fill, in-pool row, dirty row[, AHI row]. */
export interface StripRows {
  split: StripBand;
  fill: StripBand;
  resident: StripBand;
  dirty: StripBand;
  hashed: StripBand | null;
  height: number;
}

/** The strip without the AHI row (the primary-key lessons never hash a page). */
export const STRIP_ROWS: StripRows = {
  split: { y: 0, h: 8 },
  fill: { y: 10, h: 44 },
  resident: { y: 57, h: 7 },
  dirty: { y: 66, h: 7 },
  hashed: null,
  height: 73,
};

/** With `hashed`, a 4th row (teal: hashed by the AHI) below the dirty row. */
export function stripRows(hashed: boolean): StripRows {
  return hashed ? { ...STRIP_ROWS, hashed: { y: 75, h: 7 }, height: 82 } : STRIP_ROWS;
}

/**
 * True when the strip should carry the AHI row: some leaf is hashed now, or the AHI has
 * hashed pages before (adaptive_hash_pages_added > 0), so the row does not come and go.
 */
export function showHashedRow(hashedNow: number, counters: Record<string, number>): boolean {
  return hashedNow > 0 || (counters.adaptive_hash_pages_added ?? 0) > 0;
}

/** The kinds of page split, in the order the tree's header lists them. */
const SPLIT_KINDS = [
  ['toRight', 'to_right'],
  ['middle', 'middle'],
  ['toLeft', 'to_left'],
] as const;

/**
 * "splits since CREATE TABLE: 34 to_right · 1 middle · 0 to_left" (the index's split
 * counts by the way btr_page_split_and_insert chose the split point), or null before the
 * first split. The tree's own counts include a load before the run (sysbench prepare),
 * which the counters table leaves out: a read-only run showed 27,418 splits beside
 * index_page_splits 0, so the line says where it counts from.
 */
export function splitKindsLine(splits: { toRight: number; toLeft: number; middle: number } | undefined): string | null {
  if (!splits || splits.toRight + splits.toLeft + splits.middle === 0) return null;
  return `splits since CREATE TABLE: ${SPLIT_KINDS.map(([k, name]) => `${formatCount(splits[k])} ${name}`).join(' · ')}`;
}

/**
 * The last split's kind for the split line, kept by the index's split count: a frame's
 * events are only that frame's, so the kind seen when the count reached a value is what
 * the line shows while the count stays there. Stepping back to a time seen before finds
 * its kind again (the line lost "last: …" on a step back); a time before any split, or
 * t = 0 (a reset, a new run), shows none.
 */
export class LastSplits {
  private byCount = new Map<number, SplitKind>();
  /** The kind to show at a frame with `count` splits so far, at `timeNs`, whose own events' last split is `seen`. */
  at(count: number, timeNs: number, seen: SplitKind | null): SplitKind | null {
    if (timeNs === 0) this.byCount.clear();
    if (seen) this.byCount.set(count, seen);
    return count > 0 ? (seen ?? this.byCount.get(count) ?? null) : null;
  }
}

export type SplitKind = 'to_right' | 'to_left' | 'middle';

/** The kind of the last split of `index` among `events` (one frame's), or null if none. */
export function lastSplitKind(events: readonly TraceEvent[], index: number): SplitKind | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.kind !== 'PageSplit' || e.index !== index) continue;
    const kind = (e as Extract<TraceEvent, { kind: 'PageSplit'; split: string }>).split;
    if (kind === 'to_right' || kind === 'to_left' || kind === 'middle') return kind;
  }
  return null;
}
