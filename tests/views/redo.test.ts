// Redo panel layout: the age zone by threshold, the ring's arc and marks measured from the
// checkpoint tail (LSN modulo capacity), and the flush list bars by age.
import { describe, expect, it } from 'vitest';
import type { RedoState } from '../../web/src/engine/frames';
import { ageZone, layoutFlushList, layoutRing } from '../../web/src/views/redo/layout';

// 2 × 48 MiB log files (innodb-mechanisms §3.2): capacity S = 90,593,280; m = 80,826,164.
const base: RedoState = {
  lsn: 0,
  checkpointLsn: 0,
  capacity: 90_593_280,
  lwmAge: 9_059_328,
  asyncAge: 70_722_894,
  syncAge: 75_774_529,
  maxAge: 80_826_164,
  policy: '5.5 master thread',
  dirtyByAge: [],
  ageBinBytes: 1,
};
const at = (age: number, checkpointLsn = 1_000_000): RedoState => ({ ...base, checkpointLsn, lsn: checkpointLsn + age });
const fmt = (v: number) => `${Math.round(v / 1e6)} MB`;

describe('ageZone', () => {
  it('escalates at the lwm, async and sync ages', () => {
    expect(ageZone(at(1_000_000))).toBe('calm');
    expect(ageZone(at(9_059_328))).toBe('adaptive');
    expect(ageZone(at(70_722_893))).toBe('adaptive');
    expect(ageZone(at(70_722_894))).toBe('async');
    expect(ageZone(at(75_774_529))).toBe('sync');
  });
  it('with no low-water mark (5.5), any age is for the adaptive rule', () => {
    expect(ageZone({ ...at(1000), lwmAge: 0 })).toBe('adaptive');
  });
});

describe('layoutRing', () => {
  it('puts the tail at checkpoint mod capacity and the head one age further', () => {
    const cap = base.capacity;
    const m = layoutRing(at(cap / 4, cap * 3 + cap / 2), 300, fmt);
    expect(m.tailAngle).toBeCloseTo(Math.PI, 9); // half way round
    expect(m.headAngle).toBeCloseTo(Math.PI * 1.5, 9);
    expect(m.ageShare).toBeCloseTo(0.25, 9);
    // 12 o'clock is angle 0; at π the tail sits straight below the centre
    expect(m.tail.x).toBeCloseTo(m.cx, 6);
    expect(m.tail.y).toBeGreaterThan(m.cy);
    expect(m.agePath.startsWith('M')).toBe(true);
  });
  it('marks sit at their ages from the tail, in order', () => {
    const m = layoutRing(at(10), 300, fmt);
    expect(m.marks.map((k) => k.key)).toEqual(['lwm', 'async', 'sync', 'max']);
    const share = m.marks.map((k) => (k.angle - m.tailAngle) / (2 * Math.PI));
    expect(share[1]).toBeCloseTo(70_722_894 / 90_593_280, 9);
    expect(share[2]).toBeCloseTo(75_774_529 / 90_593_280, 9);
  });
  it('names the zone in its sentence, and draws no arc at zero age', () => {
    const m = layoutRing(at(76_000_000), 300, fmt);
    expect(m.zone).toBe('sync');
    expect(m.heat).toBe(1);
    expect(m.sentence).toBe('Checkpoint age 76 MB of a 91 MB log (83.9%): past the sync point: furious flushing, writes wait.');
    expect(layoutRing(at(0), 300, fmt).agePath).toBe('');
  });
});

describe('layoutFlushList', () => {
  const s: RedoState = { ...base, dirtyByAge: [10, 40, 20, 0, 5], ageBinBytes: 20_000_000 };
  it('scales bars to the fullest bin and marks bins past the sync age', () => {
    const m = layoutFlushList(s, 500, 100);
    expect(m.total).toBe(75);
    expect(m.maxPages).toBe(40);
    expect(m.bars.map((b) => [b.x, Math.round(b.height), b.pastSync])).toEqual([
      [0, 25, false],
      [100, 100, false],
      [200, 50, false],
      [300, 0, false],
      [400, 13, true],
    ]);
    expect(m.marks.map((k) => [k.key, Math.round(k.x)])).toEqual([
      ['async', Math.round((70_722_894 / 100_000_000) * 500)],
      ['sync', Math.round((75_774_529 / 100_000_000) * 500)],
    ]);
  });
  it('flashes the bins that lost pages since the previous frame', () => {
    const m = layoutFlushList(s, 500, 100, [10, 40, 25, 3, 5]);
    expect(m.bars.map((b) => b.flushed)).toEqual([0, 0, 5, 3, 0]);
    expect(layoutFlushList(s, 500, 100, [1, 2]).bars.every((b) => b.flushed === 0)).toBe(true);
  });
});
