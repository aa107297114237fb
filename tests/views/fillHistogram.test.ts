// Leaf-fill histogram: 5% bins of a known fill array, mean fill, bar geometry and the
// 50% / ln 2 / 15/16 markers with labels that never overlap.
import { describe, expect, it } from 'vitest';
import { FILL_BINS, FILL_MARKERS, fillBins, labelRows, layoutHistogram, meanFill } from '../../web/src/charts/fillHistogram/layout';

describe('fillBins', () => {
  it('puts fill bytes into 20 bins of 5%; 100% falls in the last bin', () => {
    // 12/255 = 4.7% → bin 0; 13/255 = 5.1% → bin 1; 127 → 49.8% → 9; 128 → 50.2% → 10
    const bins = fillBins(new Uint8Array([0, 12, 13, 127, 128, 242, 255]));
    expect(bins).toHaveLength(FILL_BINS);
    const nonZero = Object.fromEntries(bins.map((n, i) => [i, n]).filter(([, n]) => n > 0));
    expect(nonZero).toEqual({ 0: 2, 1: 1, 9: 1, 10: 1, 18: 1, 19: 1 });
  });
  it('mean fill of bytes, NaN for no leaves', () => {
    expect(meanFill(new Uint8Array([0, 255]))).toBe(0.5);
    expect(meanFill(new Uint8Array(0))).toBeNaN();
  });
});

describe('marker labels', () => {
  it('are 50%, ln 2 and 15/16', () => {
    expect(FILL_MARKERS.map((m) => Math.round(m.value * 10000) / 100)).toEqual([50, 69.31, 93.75]);
  });
  it('go on a second row only where they would overlap', () => {
    expect(labelRows([0, 20, 100], ['50%', 'ln 2 ≈ 69%', '15/16'])).toEqual([0, 1, 0]);
    expect(labelRows([0, 200, 400], ['50%', 'ln 2 ≈ 69%', '15/16'])).toEqual([0, 0, 0]);
  });
});

describe('layoutHistogram', () => {
  it('one side: bars per bin, height = share of leaves', () => {
    const m = layoutHistogram([new Uint8Array(10).fill(255)], 400, 220);
    expect(m.plotWidth).toBe(336);
    expect(m.margin.top).toBe(24); // one row of marker labels
    expect(m.plotHeight).toBe(156);
    expect(m.binWidth).toBeCloseTo(16.8);
    const last = m.bars[0][19];
    expect([Math.round(last.x * 10) / 10, last.height, last.count, last.share]).toEqual([320.2, 156, 10, 1]);
    expect(m.bars[0][0].height).toBe(0);
    expect(m.markers.map((k) => [Math.round(k.x), k.row])).toEqual([
      [168, 0],
      [233, 0],
      [315, 0],
    ]);
    expect(m.means[0]).toBe(1);
  });
  it('narrow: the ln 2 label moves up a row instead of touching "50%"', () => {
    const m = layoutHistogram([new Uint8Array(10).fill(255)], 344, 220);
    expect(m.plotWidth).toBe(280);
    expect(m.markers.map((k) => k.row)).toEqual([0, 1, 0]);
    expect([m.margin.top, m.plotHeight]).toEqual([40, 140]);
  });
  it('A vs B: two bars per bin side by side, shares of each side', () => {
    const a = new Uint8Array([255, 255, 128, 128]); // half in bin 19, half in bin 10
    const b = new Uint8Array([128]);
    const m = layoutHistogram([a, b], 344, 220);
    expect(m.bars).toHaveLength(2);
    expect([m.bars[0][10].share, m.bars[1][10].share, m.bars[1][19].share]).toEqual([0.5, 1, 0]);
    expect(m.bars[1][10].x).toBeGreaterThan(m.bars[0][10].x);
    expect(m.bars[1][10].x + m.bars[1][10].width).toBeLessThanOrEqual(11 * m.binWidth);
    expect(m.yTicks.map((t) => t.label)).toEqual(['0%', '20%', '40%', '60%', '80%', '100%']);
    expect(m.totals).toEqual([4, 1]);
  });
  it('empty index: zero bars, no NaN geometry', () => {
    const m = layoutHistogram([new Uint8Array(0)], 360, 200);
    expect(m.bars[0].every((b) => b.height === 0 && Number.isFinite(b.y))).toBe(true);
  });
});
