// Redo panel layout: the age zone by threshold, the ring's arcs (flushed-but-not-checkpointed
// from the tail, then the modified age to the head) and its marks (flushing points from the
// oldest dirty page, the limit from the checkpoint tail), and the flush list bars by age.
import { describe, expect, it } from 'vitest';
import type { RedoState } from '../../web/src/engine/frames';
import { ageZone, zoneWords, CENTRE_BOLD_EM, CENTRE_EM, labelBox, labelOverRing, RING_LABEL_LINE, layoutFlushList, layoutRing, redoMarks, RING_LABEL_ROOM } from '../../web/src/views/redo/layout';
import { formatBytes } from '../../web/src/charts/common/format';

// 2 × 48 MiB log files (innodb-mechanisms §3.2): capacity S = 90,593,280; m = 80,826,164.
// The engine's redo_json() shape; the lwm is 10% of the capacity under 5.6-labs.
const base: RedoState = {
  policy: '5.6-labs',
  lsn: 0,
  checkpointLsn: 0,
  oldestModification: 0,
  checkpointAge: 0,
  modifiedAge: 0,
  limits: {
    fileCapacity: 100_663_296,
    capacity: 90_593_280,
    maxModifiedAgeAsync: 70_722_894,
    maxModifiedAgeSync: 75_774_529,
    maxCheckpointAgeAsync: 78_300_346,
    maxCheckpointAge: 80_826_164,
    hardCapacity: 0,
    concurrencyMargin: 0,
    limitForDirtyPageAge: 0,
    limitForFreeCheck: 0,
  },
  pagesDirty: 0,
  pagesWriting: 0,
  syncFlushLsn: 0,
  threadsWaiting: 0,
  batch: null,
  recommendation: { nPages: 0, lsnLimit: 0, pctForDirty: 0, pctForLsn: 0, avgPageRate: 0, lsnAvgRate: 0, nByAge: 0 },
  knobs: { ioCapacity: 200, ioCapacityMax: 2000, adaptiveFlushing: true, adaptiveFlushingLwm: 10, maxDirtyPagesPct: 75, maxDirtyPagesPctLwm: 0, flushingAvgLoops: 30 },
  flushSync: true,
  redoBytes: 0,
  dirtyByAge: [],
  ageBinBytes: 1,
};
/** Modified age `age`; the checkpoint `behind` bytes before the oldest dirty page. */
const at = (age: number, checkpointLsn = 1_000_000, behind = 0): RedoState => ({
  ...base,
  checkpointLsn,
  oldestModification: checkpointLsn + behind,
  lsn: checkpointLsn + behind + age,
});
const fmt = (v: number) => `${Math.round(v / 1e6)} MB`;

describe('ageZone', () => {
  it('escalates at the lwm, async and sync ages', () => {
    expect(ageZone(at(1_000_000))).toBe('calm');
    expect(ageZone(at(9_059_328))).toBe('adaptive');
    expect(ageZone(at(70_722_893))).toBe('adaptive');
    expect(ageZone(at(70_722_894))).toBe('async');
    expect(ageZone(at(75_774_529))).toBe('sync');
  });
  it('with no low-water mark (5.5, Percona 5.5, adaptive flushing off), below async the policy says what flushes', () => {
    // It said "adaptive flushing: the page cleaner writes more as the age grows" for
    // 5.5 (no page cleaner; flushing by the clock) and with adaptive flushing off.
    const off = { ...base.knobs, adaptiveFlushing: false };
    const cases: [RedoState, string][] = [
      [{ ...at(1000), policy: '5.5' }, 'the 5.5 master thread flushes once a second at the redo rate, blind to the age'],
      [{ ...at(1000), policy: '5.5', knobs: off }, 'the 5.5 master thread flushes only past max_dirty_pages_pct, never for the age'],
      [{ ...at(1000), knobs: off }, 'adaptive flushing is off: below the async point the age asks for no flushing (the share of dirty pages still does)'],
      [{ ...at(1000), policy: 'percona-5.5-estimate' }, 'Percona "estimate": past a quarter of the limit, the master thread flushes for the age'],
      [{ ...at(1000), policy: 'percona-5.5-keep_average' }, 'Percona "keep_average": the master thread flushes at the redo rate, a tenth every 0.1 s'],
    ];
    for (const [s, words] of cases) {
      expect(ageZone(s)).toBe('own');
      expect(zoneWords(s, ageZone(s))).toBe(words);
      expect(layoutRing(s, 220, fmt).sentence).toContain(words);
    }
    // Past async and sync, every policy is in the same trouble.
    expect(ageZone({ ...at(70_722_894), policy: '5.5' })).toBe('async');
    expect(ageZone({ ...at(75_774_529), knobs: off })).toBe('sync');
    expect(zoneWords(at(1_000_000), 'calm')).toBe('below the low-water mark: no flushing for age');
  });
});

describe('redoMarks', () => {
  it('reads the thresholds from the limits and puts the lwm at capacity × lwm %', () => {
    expect(redoMarks(base)).toEqual({ capacity: 90_593_280, lwmAge: 9_059_328, asyncAge: 70_722_894, syncAge: 75_774_529, maxAge: 80_826_164 });
    expect(redoMarks({ ...base, policy: 'percona-5.5-keep_average' }).lwmAge).toBe(0);
    expect(redoMarks({ ...base, knobs: { ...base.knobs, adaptiveFlushingLwm: 30 } }).lwmAge).toBe(27_177_984);
  });
});

describe('layoutRing', () => {
  it('puts the tail at checkpoint mod capacity and the head one age further', () => {
    const cap = base.limits.capacity;
    const m = layoutRing(at(cap / 4, cap * 3 + cap / 2), 300, fmt);
    expect(m.tailAngle).toBeCloseTo(Math.PI, 9); // half way round
    expect(m.headAngle).toBeCloseTo(Math.PI * 1.5, 9);
    expect(m.ageShare).toBeCloseTo(0.25, 9);
    // 12 o'clock is angle 0; at π the tail sits straight below the centre
    expect(m.tail.x).toBeCloseTo(m.cx, 6);
    expect(m.tail.y).toBeGreaterThan(m.cy);
    expect(m.agePath.startsWith('M')).toBe(true);
  });
  it('splits the checkpoint age: flushed-but-not-checkpointed from the tail, then the modified age', () => {
    const cap = base.limits.capacity;
    const m = layoutRing(at(cap / 4, 0, cap / 8), 300, fmt);
    expect(m.age).toBe(cap / 4);
    expect(m.checkpointAge).toBe((cap * 3) / 8);
    expect(m.oldestAngle).toBeCloseTo(Math.PI / 4, 9);
    expect(m.headAngle).toBeCloseTo((Math.PI * 3) / 4, 9);
    expect(m.flushedPath.startsWith('M')).toBe(true);
    // Flushing points from the oldest dirty page, the checkpoint limit from the tail.
    const byKey = Object.fromEntries(m.marks.map((k) => [k.key, k.angle]));
    expect(byKey.async).toBeCloseTo(Math.PI / 4 + (70_722_894 / cap) * 2 * Math.PI, 9);
    expect(byKey.max).toBeCloseTo((80_826_164 / cap) * 2 * Math.PI, 9);
    // The zone follows the modified age: 60 MB modified with a checkpoint age of 78 MB is not past async.
    expect(layoutRing(at(60_000_000, 0, 18_000_000), 300, fmt).zone).toBe('adaptive');
    expect(at(0).oldestModification).toBe(at(0).lsn);
    expect(layoutRing(at(1000), 300, fmt).flushedPath).toBe('');
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
    expect(m.sentence).toBe('Modified age 76 MB of a 91 MB log (83.9%), checkpoint age 76 MB: past the sync point: furious flushing, writes wait.');
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

describe('ring mark labels', () => {
  it('never overlap and stay in the room beside the ring, wherever the marks fall (they read "sylimit async")', () => {
    const cap = base.limits.capacity;
    const size = 220; // the redo view's ring
    let checked = 0;
    const overRing: string[] = [];
    for (let turn = 0; turn < 72; turn++) {
      for (const behind of [0, 2_500_000, 5_000_000, 10_000_000]) {
        const m = layoutRing(at(60_000_000, (turn / 72) * cap, behind), size, fmt);
        const boxes = m.marks.map((k) => ({ ...labelBox(k), y: k.ly, label: k.label }));
        for (const b of boxes) {
          expect(b.x0, `${b.label} at turn ${turn}`).toBeGreaterThanOrEqual(-RING_LABEL_ROOM - 0.01);
          expect(b.x1, `${b.label} at turn ${turn}`).toBeLessThanOrEqual(size + RING_LABEL_ROOM + 0.01);
          // within the line of room the view keeps above and below the ring
          expect(b.y, `${b.label} at turn ${turn}`).toBeGreaterThanOrEqual(-RING_LABEL_LINE);
          expect(b.y, `${b.label} at turn ${turn}`).toBeLessThanOrEqual(size + RING_LABEL_LINE);
        }
        // never over the ring itself ("sync" moved up a line onto it, below the ring)
        for (const k of m.marks) {
          if (labelOverRing(k, size, m.outer)) overRing.push(`${k.label} at turn ${turn}, behind ${behind}`);
        }
        for (let i = 0; i < boxes.length; i++)
          for (let j = i + 1; j < boxes.length; j++) {
            const [p, q] = [boxes[i], boxes[j]];
            const overlap = p.x0 < q.x1 && q.x0 < p.x1 && Math.abs(p.y - q.y) < 14;
            expect(overlap, `${p.label} and ${q.label} at turn ${turn}, behind ${behind}`).toBe(false);
            checked++;
          }
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(overRing).toEqual([]);
  });
});

describe('ring centre text', () => {
  it('stays inside the hole with room to spare, whatever the age (the share line touched the ring)', () => {
    const cap = base.limits.capacity;
    let checked = 0;
    for (const share of [0, 0.05, 0.78, 0.99, 1]) {
      const m = layoutRing(at(share * cap, 0, 0), 220, formatBytes);
      expect(m.centre.map((t) => t.text)).toEqual([formatBytes(m.age), 'modified age', `${Math.round(share * 100)}% of the log`]);
      for (const t of m.centre) {
        const half = (t.text.length * t.size * (t.bold ? CENTRE_BOLD_EM : CENTRE_EM)) / 2;
        // The line's box: ascenders 0.75 em above the baseline, descenders 0.22 em below.
        for (const y of [t.dy - 0.75 * t.size, t.dy + 0.22 * t.size]) {
          expect(Math.hypot(half, y), `"${t.text}" corner`).toBeLessThanOrEqual(m.inner - 3);
          checked++;
        }
      }
      // Lines do not overlap one another.
      for (let i = 1; i < m.centre.length; i++) {
        const [a, b] = [m.centre[i - 1], m.centre[i]];
        expect(b.dy - 0.75 * b.size, `${a.text} / ${b.text}`).toBeGreaterThanOrEqual(a.dy + 0.22 * a.size);
      }
    }
    expect(checked).toBe(30);
  });
});
