// Upper-level tree layout: decoding tree_upper, rect x/width per node, zoom ranges.
import { describe, expect, it } from 'vitest';
import { clampRange, decodeUpper, layoutUpper, treeHeight, zoomRangeFor } from '../../web/src/views/btree/layout';

// root (level 2) over 10 leaves; level 1: [0,6) and [6,10)
const upper = new Uint32Array([2, 0, 10, 255, 1, 0, 6, 128, 1, 6, 4, 200]);
const round = (v: number) => Math.round(v * 100) / 100;

describe('decodeUpper / treeHeight', () => {
  it('decodes 4 words per node, root first', () => {
    const nodes = decodeUpper(upper);
    expect(nodes.map((n) => [n.level, n.firstLeaf, n.nLeaves])).toEqual([
      [2, 0, 10],
      [1, 0, 6],
      [1, 6, 4],
    ]);
    expect(nodes[1].fill).toBeCloseTo(128 / 255);
  });
  it('height counts the leaf level; a leaf root has height 1', () => {
    expect(treeHeight(upper)).toBe(3);
    expect(treeHeight(new Uint32Array(0))).toBe(1);
  });
});

describe('layoutUpper', () => {
  const nodes = decodeUpper(upper);
  it('places nodes by leaf ordinal, width ∝ leaves under them, root on top', () => {
    const { rects, height } = layoutUpper(nodes, { lo: 0, hi: 10 }, 100, 20, 4);
    expect(rects.map((r) => [r.level, r.x, r.width, r.y, r.clipped])).toEqual([
      [2, 0, 99, 0, false], // 100 px wide, 1 px gap on the right
      [1, 0, 59, 24, false],
      [1, 60, 39, 24, false],
    ]);
    expect(height).toBe(48);
  });
  it('clips to a zoomed range and drops nodes outside it', () => {
    const { rects } = layoutUpper(nodes, { lo: 5, hi: 10 }, 100, 20, 4);
    expect(rects.map((r) => [r.level, r.firstLeaf, round(r.x), round(r.width), r.clipped])).toEqual([
      [2, 0, 0, 99, true],
      [1, 0, 0, 19, true], // only leaf 5 of [0,6) is visible: 20 px
      [1, 6, 20, 79, false],
    ]);
    expect(layoutUpper(nodes, { lo: 6, hi: 10 }, 100, 20).rects.some((r) => r.firstLeaf === 0 && r.level === 1)).toBe(false);
  });
  it('keeps sub-4px nodes without a gap', () => {
    const many = decodeUpper(new Uint32Array([1, 0, 1000, 200, ...[]]));
    expect(layoutUpper(many, { lo: 0, hi: 1000 }, 3, 20).rects[0].width).toBe(3);
  });
});

describe('zoomRangeFor / clampRange', () => {
  const nodes = decodeUpper(upper);
  it('zooms to the smallest subtree containing the leaf', () => {
    expect(zoomRangeFor(nodes, 7, { lo: 0, hi: 10 }, 10, 4)).toEqual({ lo: 6, hi: 10 });
    expect(zoomRangeFor(nodes, 2, { lo: 0, hi: 10 }, 10, 4)).toEqual({ lo: 0, hi: 6 });
  });
  it('falls back to a centred window inside the deepest subtree', () => {
    expect(zoomRangeFor(nodes, 7, { lo: 6, hi: 10 }, 10, 4)).toEqual({ lo: 5, hi: 9 });
    expect(zoomRangeFor([], 9, { lo: 0, hi: 10 }, 10, 4)).toEqual({ lo: 6, hi: 10 });
  });
  it('clamps into [0, n) and never returns an empty range', () => {
    expect(clampRange({ lo: 8, hi: 50 }, 10)).toEqual({ lo: 8, hi: 10 });
    expect(clampRange({ lo: 20, hi: 30 }, 10)).toEqual({ lo: 9, hi: 10 });
    expect(clampRange({ lo: 0, hi: 5 }, 0)).toEqual({ lo: 0, hi: 0 });
  });
});
