// Buffer pool grid: counts and midpoint from pool_frames bytes, square-cell geometry
// for n frames in a width, and the midpoint line between young and old.
import { describe, expect, it } from 'vitest';
import { cellOrigin, frameRole, midpointLine, midpointText, poolCounts, poolGrid } from '../../web/src/views/bufferPool/layout';

describe('poolCounts', () => {
  it('counts kinds and sublists; the midpoint is the first old frame', () => {
    // young clean, young dirty, young clean, old clean, old dirty, old clean, free, free
    const c = poolCounts(new Uint8Array([1, 2, 1, 5, 6, 5, 0, 0]));
    expect(c).toEqual({ total: 8, free: 2, clean: 4, dirty: 2, young: 3, old: 3, midpoint: 3 });
  });
  it('no old sublist → midpoint -1; index bits are ignored', () => {
    expect(poolCounts(new Uint8Array([1 | (3 << 3), 2, 0])).midpoint).toBe(-1);
    expect(poolCounts(new Uint8Array([1 | (3 << 3)])).clean).toBe(1);
  });
});

describe('poolGrid', () => {
  it('largest square cell that fits the width and max height', () => {
    expect(poolGrid(1000, 400, 320)).toEqual({ cell: 11, gap: 1, cols: 36, rows: 28, width: 396, height: 308 });
  });
  it('10^5 frames: 1 px cells, no gap', () => {
    expect(poolGrid(100_000, 1000, 320)).toEqual({ cell: 1, gap: 0, cols: 1000, rows: 100, width: 1000, height: 100 });
    expect(poolGrid(100_000, 360, 320)).toMatchObject({ cell: 1, cols: 360, rows: 278 });
  });
  it('few frames: capped cell size, one row', () => {
    expect(poolGrid(10, 400, 320)).toEqual({ cell: 24, gap: 1, cols: 10, rows: 1, width: 240, height: 24 });
    expect(poolGrid(0, 400, 320).cols).toBe(0);
  });
  it('row-major cell origins', () => {
    const g = poolGrid(1000, 400, 320);
    expect(cellOrigin(0, g)).toEqual([0, 0]);
    expect(cellOrigin(37, g)).toEqual([11, 11]);
  });
});

describe('midpointLine', () => {
  const g = { cell: 10, gap: 1, cols: 4, rows: 3, width: 40, height: 30 };
  it('a step between frame m-1 and m', () => {
    expect(midpointLine(3, g)).toEqual([
      [0, 10],
      [30, 10],
      [30, 0],
      [40, 0],
    ]);
  });
  it('a straight line when m starts a row; nothing without an old sublist', () => {
    expect(midpointLine(8, g)).toEqual([
      [0, 20],
      [40, 20],
    ]);
    expect(midpointLine(-1, g)).toEqual([]);
  });
});

describe('frameRole', () => {
  it('maps kind and old bit to legend roles', () => {
    expect([0, 1, 2, 5, 6, 4].map(frameRole)).toEqual(['free', 'clean', 'dirty', 'cleanOld', 'dirtyOld', 'free']);
  });
});

describe('midpointText', () => {
  const fmt = (v: number) => v.toLocaleString('en-US');
  it('gives the position, or why there is none', () => {
    expect(midpointText(1234, 8192, fmt)).toBe(' (position 1,234)');
    expect(midpointText(-1, 8192, fmt)).toBe(': none yet (LRU < 512 pages)');
    // a 64-page pool never has one
    expect(midpointText(-1, 64, fmt)).toBe(': none (a pool under 512 pages keeps no old sublist)');
  });
});
