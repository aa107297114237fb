// AHI panel layout: partition boxes (load, queue of sleepers capped with "+N", x-latch
// words), the headline numbers (cumulative hit ratio, rows/pages added and removed), and
// when boxes turn compact.
import { describe, expect, it } from 'vitest';
import type { AhiPart } from '../../web/src/engine/frames';
import { formatCount } from '../../web/src/charts/common/format';
import { ahiPartBoxes, ahiSummary, compactParts, listedParts, MAX_QUEUE_DOTS, partRanges } from '../../web/src/views/ahi/layout';

const part = (p: Partial<AhiPart> & { part: number }): AhiPart => ({
  nodes: 0,
  cells: 162143,
  heapPages: 0,
  xHeld: false,
  readers: 0,
  sleepers: 0,
  xSpinWaits: 0,
  xOsWaits: 0,
  ...p,
});

// Partition 7 of the ahi-latch-8.0.25 scenario at t = 1.5 s (engine output), plus a
// contended moment: x-latched with 40 threads asleep.
const idle = part({ part: 0 });
const busy = part({ part: 7, nodes: 99959, heapPages: 147, xSpinWaits: 19555, xOsWaits: 18369 });
const held = part({ part: 3, nodes: 200000, cells: 100000, xHeld: true, sleepers: 40, readers: 0 });

describe('ahiPartBoxes', () => {
  it('load = nodes ÷ cells, bar capped at 1, queue capped with +N', () => {
    const [a, b, c] = ahiPartBoxes([idle, busy, held], formatCount);
    expect([a.title, a.load, a.loadBar, a.queueDots, a.queueMore]).toEqual(['partition 0', 0, 0, 0, 0]);
    expect(b.load).toBeCloseTo(0.6165, 4);
    expect([b.heapPages, b.xSpinWaits, b.xOsWaits]).toEqual([147, 19555, 18369]);
    expect([c.load, c.loadBar, c.xHeld, c.queueDots, c.queueMore]).toEqual([2, 1, true, MAX_QUEUE_DOTS, 40 - MAX_QUEUE_DOTS]);
  });
  it('says everything in one sentence', () => {
    const [b, c] = ahiPartBoxes([busy, held], formatCount);
    expect(b.sentence).toBe(
      'partition 7: 99,959 nodes in 162,143 cells, 147 heap pages, latch free, 0 asleep waiting; 19,555 spin waits and 18,369 OS waits for the x-latch so far',
    );
    expect(c.sentence).toContain('x-latched, 40 asleep waiting');
    expect(ahiPartBoxes([part({ part: 1, readers: 3 })], formatCount)[0].sentence).toContain('3 readers');
  });
  it('no cells: load is unknown, bar empty', () => {
    const [z] = ahiPartBoxes([part({ part: 0, cells: 0 })], formatCount);
    expect(Number.isNaN(z.load)).toBe(true);
    expect(z.loadBar).toBe(0);
  });
});

describe('ahiSummary', () => {
  const counters = {
    adaptive_hash_searches: 1447089,
    adaptive_hash_searches_btree: 3030401,
    adaptive_hash_rows_added: 314105,
    adaptive_hash_rows_removed: 12,
    adaptive_hash_pages_added: 2150,
    adaptive_hash_pages_removed: 3,
  };
  it('cumulative hit ratio and counters; totals over partitions', () => {
    const s = ahiSummary([idle, busy, held], counters);
    expect(s.hitRatio).toBeCloseTo(1447089 / (1447089 + 3030401), 10);
    expect(s.hitRatio).toBeCloseTo(0.3232, 4);
    expect([s.rowsAdded, s.rowsRemoved, s.pagesAdded, s.pagesRemoved]).toEqual([314105, 12, 2150, 3]);
    expect([s.nodes, s.sleepers, s.xHeld, s.xSpinWaits, s.xOsWaits]).toEqual([299959, 40, 1, 19555, 18369]);
  });
  it('before any lookup the ratio is unknown (not 0)', () => {
    const s = ahiSummary([], {});
    expect(Number.isNaN(s.hitRatio)).toBe(true);
    expect([s.searches, s.rowsAdded, s.nodes]).toEqual([0, 0, 0]);
  });
});

describe('compactParts', () => {
  it('detailed up to 16 partitions, compact past that', () => {
    expect([compactParts(8), compactParts(16), compactParts(17), compactParts(512)]).toEqual([false, false, true, true]);
  });
});

describe('listedParts', () => {
  it('draws every partition up to 64, even idle ones', () => {
    const boxes = ahiPartBoxes([idle, busy, held], formatCount);
    expect(listedParts(boxes, formatCount)).toEqual({ shown: boxes, idleLine: null });
  });
  it('past 64 folds the idle partitions into one line with their numbers as ranges', () => {
    // 512 partitions, one hot index on partition 7 and a build holding partition 300.
    const parts = Array.from({ length: 512 }, (_, i) => (i === 7 ? busy : i === 300 ? { ...held, part: 300 } : part({ part: i })));
    const { shown, idleLine } = listedParts(ahiPartBoxes(parts, formatCount), formatCount);
    expect(shown.map((b) => b.part)).toEqual([7, 300]);
    expect(idleLine).toBe('510 idle partitions not drawn (no nodes, latch never waited for): p0–p6, p8–p299, p301–p511');
  });
  it('partRanges joins runs and keeps singles', () => {
    expect(partRanges([0, 1, 2, 5, 7, 8])).toBe('p0–p2, p5, p7–p8');
    expect(partRanges([])).toBe('');
  });
});

describe('loadText', () => {
  it('nodes per cell in one unit, below one node a cell and past it', async () => {
    const { loadText } = await import('../../web/src/views/ahi/layout');
    expect(loadText(0.6165)).toBe('0.62 a cell');
    expect(loadText(0)).toBe('0.00 a cell');
    expect(loadText(2)).toBe('2.0 a cell');
    expect(loadText(12.3)).toBe('12 a cell');
    expect(loadText(787.03)).toBe('787 a cell');
    expect(loadText(1998255 / 2.5)).toBe('799,302 a cell');
    expect(loadText(NaN)).toBe('–');
  });
});
