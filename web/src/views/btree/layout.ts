// Pure layout of the B+tree's upper levels: tree_upper words → nodes → rects whose x and
// width are proportional to the leaves under them, clipped to the zoomed leaf range.
import { UPPER_STRIDE } from '../../engine/frames';

/** One non-leaf page decoded from tree_upper (frames.ts). */
export interface UpperNode {
  level: number; // 1 = parent of leaves; the root has the highest level
  firstLeaf: number; // ordinal of the first leaf under it
  nLeaves: number;
  fill: number; // 0..1
}

/** Half-open range of leaf ordinals [lo, hi) shown by the view. */
export interface LeafRange {
  lo: number;
  hi: number;
}

export interface UpperRect extends UpperNode {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Part of the node lies outside the zoomed range. */
  clipped: boolean;
}

/** Decode tree_upper: 4 words per node, root first, then each level in key order. */
export function decodeUpper(upper: Uint32Array): UpperNode[] {
  const out: UpperNode[] = [];
  for (let i = 0; i + UPPER_STRIDE <= upper.length; i += UPPER_STRIDE) {
    out.push({ level: upper[i], firstLeaf: upper[i + 1], nLeaves: upper[i + 2], fill: upper[i + 3] / 255 });
  }
  return out;
}

/** Tree height in levels, leaves included: a tree whose root is a leaf has height 1. */
export function treeHeight(upper: Uint32Array): number {
  return upper.length >= UPPER_STRIDE ? upper[0] + 1 : 1;
}

/**
 * Rects for the nodes that overlap `range`, in a `width` px wide band with one row of
 * `rowHeight` px per level (root on top), rows `gap` px apart. Nodes wider than 4 px get
 * a 1 px gap on their right so neighbours stay distinct.
 */
export function layoutUpper(
  nodes: UpperNode[],
  range: LeafRange,
  width: number,
  rowHeight: number,
  gap = 4,
): { rects: UpperRect[]; height: number } {
  if (nodes.length === 0) return { rects: [], height: 0 };
  const top = nodes[0].level;
  const span = Math.max(1, range.hi - range.lo);
  const px = width / span;
  const rects: UpperRect[] = [];
  for (const n of nodes) {
    const a = Math.max(n.firstLeaf, range.lo);
    const b = Math.min(n.firstLeaf + n.nLeaves, range.hi);
    if (b <= a) continue;
    const x = (a - range.lo) * px;
    const w = (b - a) * px;
    rects.push({
      ...n,
      x,
      y: (top - n.level) * (rowHeight + gap),
      width: w > 4 ? w - 1 : w,
      height: rowHeight,
      clipped: a > n.firstLeaf || b < n.firstLeaf + n.nLeaves,
    });
  }
  return { rects, height: top * (rowHeight + gap) };
}

/**
 * The range to zoom to when the reader clicks `leaf` in a strip too dense to pick one
 * leaf: the smallest node (subtree) containing it that is narrower than the current
 * range, else a window of `window` leaves centred on it (clamped to [0, nLeaves)).
 */
export function zoomRangeFor(
  nodes: UpperNode[],
  leaf: number,
  current: LeafRange,
  nLeaves: number,
  window: number,
): LeafRange {
  let best: UpperNode | undefined;
  const curSpan = current.hi - current.lo;
  for (const n of nodes) {
    const inside = leaf >= n.firstLeaf && leaf < n.firstLeaf + n.nLeaves;
    if (inside && n.nLeaves < curSpan && (!best || n.nLeaves < best.nLeaves)) best = n;
  }
  if (best) return { lo: best.firstLeaf, hi: best.firstLeaf + best.nLeaves };
  const w = Math.max(1, Math.min(window, nLeaves));
  const lo = Math.max(0, Math.min(nLeaves - w, leaf - Math.floor(w / 2)));
  return { lo, hi: lo + w };
}

/** The range clamped to [0, nLeaves), never empty when there are leaves. */
export function clampRange(range: LeafRange, nLeaves: number): LeafRange {
  const lo = Math.max(0, Math.min(range.lo, Math.max(0, nLeaves - 1)));
  const hi = Math.max(lo + 1, Math.min(range.hi, nLeaves));
  return nLeaves === 0 ? { lo: 0, hi: 0 } : { lo, hi };
}
