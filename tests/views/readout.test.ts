// The chart's readout under the pointer: each line's nearest sample in the chart's unit,
// nothing past the end of a finished side, threshold values beside their line.
import { describe, expect, it } from 'vitest';
import { layoutTimeSeries } from '../../web/src/charts/timeSeries/layout';
import { readoutAt, readoutBox } from '../../web/src/charts/timeSeries/readout';

const cols = ['t_s', 'qps', 'sync_mb'];
const A = { label: 'A', columns: cols, rows: [[1, 100, 500], [2, 200, 500], [3, 300, 500], [4, 400, 500]] };
const B = { label: 'B', columns: cols, rows: [[1, 50, 900], [2, 60, 900]] }; // finished at 2 s

describe('readoutAt', () => {
  const m = layoutTimeSeries({ series: [A, B], column: 'qps', unit: 'queries/s' }, 400, 220);
  const pxAt = (t: number) => ((t - m.xDomain[0]) / (m.xDomain[1] - m.xDomain[0])) * m.plotWidth;

  it('reads each line at its sample nearest the pointer, in the unit, and marks it where it is drawn', () => {
    const r = readoutAt([A, B], 'qps', 'queries/s', m, pxAt(1.9));
    expect(r?.header).toBe('t = 2 s');
    expect(r?.x).toBeCloseTo(pxAt(2));
    expect(r?.rows.map((x) => [x.label, x.text])).toEqual([
      ['A', '200 queries/s'],
      ['B', '60 queries/s'],
    ]);
    const yOf = (v: number) => (1 - v / m.yDomain[1]) * m.plotHeight;
    expect(r?.rows[0].at?.y).toBeCloseTo(yOf(200));
    expect(r?.rows[1].color).toBe(m.lines[1].color);
  });

  it('has no value for a side past its last sample (B ended at 2 s; its 60 is not its value at 4 s)', () => {
    const r = readoutAt([A, B], 'qps', 'queries/s', m, pxAt(3.9));
    expect(r?.header).toBe('t = 4 s');
    expect(r?.rows.map((x) => x.label)).toEqual(['A']);
  });

  it('gives threshold lines their value beside each side, lettered when there are two sides', () => {
    const r = readoutAt([A, B], 'qps', 'MiB', m, pxAt(1), [{ column: 'sync_mb', label: 'sync' }]);
    expect(r?.rows.map((x) => `${x.label}: ${x.text}${x.limit ? ' (limit)' : ''}`)).toEqual(['A: 100 MiB', 'sync (A): 500 MiB (limit)', 'B: 50 MiB', 'sync (B): 900 MiB (limit)']);
  });

  it('reads a fraction column as a percentage', () => {
    const H = { label: 'AHI', columns: ['t_s', 'hit'], rows: [[0.5, 0.4513], [1, 0.9975]] };
    const h = layoutTimeSeries({ series: [H], column: 'hit', unit: '%' }, 400, 220);
    expect(readoutAt([H], 'hit', '%', h, h.plotWidth)?.rows[0].text).toBe('99.8%');
  });

  it('reads values from 1,000 up whole (the axis rounds 3,781 to "3.78k")', () => {
    const T = { label: 'tps', columns: ['t_s', 'tps'], rows: [[1, 3781.4], [2, 1_250_000]] };
    const t = layoutTimeSeries({ series: [T], column: 'tps', unit: 'tps' }, 400, 220);
    const at1 = t.plotWidth / 2; // the x domain is 0–2 s
    expect(readoutAt([T], 'tps', 'tps', t, 0)).toBeNull(); // before the first sample's half interval
    expect(readoutAt([T], 'tps', 'tps', t, at1)?.rows[0].text).toBe('3,781 tps');
    expect(readoutAt([T], 'tps', 'tps', t, t.plotWidth)?.rows[0].text).toBe('1,250,000 tps');
    expect(readoutAt([T], 'tps', 'bytes', t, at1)?.rows[0].text).toBe('3.69 KiB');
  });

  it('is null off the plot and on an empty chart', () => {
    expect(readoutAt([A, B], 'qps', 'queries/s', m, -1)).toBeNull();
    expect(readoutAt([A, B], 'qps', 'queries/s', m, m.plotWidth + 1)).toBeNull();
    const e = layoutTimeSeries({ series: [], column: 'qps', unit: '' }, 400, 220);
    expect(readoutAt([], 'qps', '', e, 10)).toBeNull();
  });
});

describe('readoutBox: the box stays whole inside the chart', () => {
  it('sits right of the rule in the left half, left of it in the right half, below the pointer', () => {
    expect(readoutBox(800, 220, 200, 60, 100, 50)).toEqual({ left: 110, top: 70 });
    expect(readoutBox(800, 220, 200, 60, 600, 50)).toEqual({ left: 390, top: 70 });
  });
  it('on a phone (a 310 px box on a 360 px chart) it moves as far left as keeps it whole', () => {
    for (const rule of [54, 108, 180, 252]) {
      const { left } = readoutBox(360, 220, 310, 80, rule, 40);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(left + 310).toBeLessThanOrEqual(360);
    }
    expect(readoutBox(360, 220, 310, 80, 180, 40).left).toBe(50);
  });
  it('goes above the pointer near the bottom, and to the top when it fits neither way', () => {
    expect(readoutBox(800, 220, 200, 60, 100, 190)).toEqual({ left: 110, top: 120 });
    expect(readoutBox(800, 100, 200, 90, 100, 50)).toEqual({ left: 110, top: 10 });
    expect(readoutBox(800, 80, 200, 100, 100, 50)).toEqual({ left: 110, top: 0 });
  });
});
