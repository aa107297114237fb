// The sweep chart's pure layout: groups per swept value, a solid bar per side and the
// article's outlined bar beside it, one linear y axis, missing runs left out; and ratios
// to the first value (the baseline, e.g. "off").
import { describe, expect, it } from 'vitest';
import { layoutSweepChart, relativeToFirst, SWEEP_MARGIN } from '../../web/src/charts/sweepChart/layout';

const fmt = (v: number) => String(Math.round(v));

describe('layoutSweepChart', () => {
  it('two sides with article figures: four slots per group, bars from the baseline up', () => {
    const l = layoutSweepChart(
      ['off', '256 MB'],
      [
        { label: 'A', values: [100, 10], reference: [null, 23] },
        { label: 'B', values: [100, 200], reference: [260, 650] },
      ],
      400,
      240,
      fmt,
    );
    expect(l.slots).toBe(4);
    expect(l.width).toBe(400);
    expect(l.height).toBe(240);
    // y axis: 0..700 (650 niced), plot height 240 - 24 - 34 = 182
    expect(l.plotHeight).toBe(182);
    expect(l.ticks.map((t) => t.label)).toEqual(['0', '100', '200', '300', '400', '500', '600', '700']);
    expect(l.bars.map((b) => [b.cat, b.side, b.kind, b.value])).toEqual([
      [0, 0, 'sim', 100],
      [0, 1, 'sim', 100],
      [0, 1, 'article', 260],
      [1, 0, 'sim', 10],
      [1, 0, 'article', 23],
      [1, 1, 'sim', 200],
      [1, 1, 'article', 650],
    ]);
    const base = SWEEP_MARGIN.top + l.plotHeight;
    for (const b of l.bars) {
      expect(b.y + b.height).toBeCloseTo(base, 6);
      expect(b.height).toBeCloseTo((b.value / 700) * l.plotHeight, 6);
    }
    // within a group, side A's bars come before side B's, the article right of the simulation
    const g1 = l.bars.filter((b) => b.cat === 1);
    expect(g1.map((b) => b.x)).toEqual([...g1.map((b) => b.x)].sort((a, b) => a - b));
    expect(l.bars[4].title).toBe('256 MB: A, article 23');
    expect(l.cats.map((c) => c.label)).toEqual(['off', '256 MB']);
  });

  it('no article figures: one slot per side; runs not made yet draw nothing', () => {
    const l = layoutSweepChart(['1', '2', '3'], [{ label: 'A', values: [5, null, 7] }], 130, 200, fmt);
    expect(l.slots).toBe(1);
    expect(l.bars.map((b) => b.cat)).toEqual([0, 2]);
  });

  it('a text stands across its bar when it fits the slot, upright when a line of it does, else not at all', () => {
    const k = (v: number) => `${Math.round(v / 1000)}k`;
    const sides = [
      { label: 'A', values: [103_000, 108_000, 110_000, 113_000] },
      { label: 'B', values: [119_000, 240_000, 480_000, 943_000] },
    ];
    // 500 px: slots of about 42 px, "103k" about 29 px at 12 px: across.
    const wide = layoutSweepChart(['4', '8', '16', '32'], sides, 500, 240, k);
    expect(wide.bars.map((b) => b.text)).toEqual(['103k', '119k', '108k', '240k', '110k', '480k', '113k', '943k']);
    expect(wide.bars.some((b) => b.upright)).toBe(false);
    // 360 px: bars 26.3 px wide in slots of 28.5 px: across, "103k119k" ran together; upright.
    const narrow = layoutSweepChart(['4', '8', '16', '32'], sides, 360, 240, k);
    expect(narrow.bars[0].width).toBeGreaterThanOrEqual(22);
    expect(narrow.bars.map((b) => [b.text, b.upright])).toEqual(wide.bars.map((b) => [b.text, true]));
    // 120 px: slots of about 6 px, narrower than a line of text: none.
    const tiny = layoutSweepChart(['4', '8', '16', '32'], sides, 120, 240, k);
    expect(tiny.bars.map((b) => b.text)).toEqual(['', '', '', '', '', '', '', '']);
  });

  it('no text runs into another bar or above the chart (the 23k at 16 GB ran into Aurora\'s bar)', () => {
    // The query-cache size sweep: MySQL's article figure at 16 GB, 23k, is a bar a few pixels
    // high between MySQL's and Aurora's simulated bars.
    const si = (v: number) => (v >= 1e6 ? `${(v / 1e6).toFixed(2)}M` : `${Math.round(v / 1000)}k`);
    const sides = [
      { label: 'MySQL', values: [943_000, 122_000, 287_000, 1_150_000], reference: [null, null, 23_000, 23_000] },
      { label: 'Aurora', values: [943_000, 1_630_000, 1_790_000, 2_410_000], reference: [260_000, 260_000, 650_000, 650_000] },
    ];
    const cats = ['off', '64 MB', '256 MB', '16 GB'];
    for (const width of [300, 360, 420, 560, 700, 900]) {
      const l = layoutSweepChart(cats, sides, width, 240, si);
      const boxes = l.bars.filter((b) => b.text).map((b) => {
        const long = b.text.length * 0.6 * 12;
        const cx = b.x + b.width / 2;
        return b.upright ? { b, x0: cx - 6, x1: cx + 6, y0: b.y - 3 - long, y1: b.y - 3 } : { b, x0: cx - long / 2, x1: cx + long / 2, y0: b.y - 3 - 12, y1: b.y - 3 };
      });
      for (const t of boxes) {
        expect(t.y0, `${width} px: ${t.b.title} above the chart`).toBeGreaterThanOrEqual(0);
        for (const o of l.bars) {
          if (o === t.b) continue;
          const crosses = t.x0 < o.x + o.width && o.x < t.x1 && t.y0 < o.y + o.height && o.y < t.y1;
          expect(crosses, `${width} px: the text of ${t.b.title} crosses ${o.title}`).toBe(false);
        }
      }
      // Every bar says its value once there is room for a line of text across each slot.
      if (width >= 360) expect(l.bars.every((b) => b.text !== ''), `${width} px`).toBe(true);
      // The bars keep their scale: heights in proportion to the values.
      const [a, b] = [l.bars[0], l.bars[l.bars.length - 1]];
      expect(a.height / b.height).toBeCloseTo(a.value / b.value, 6);
    }
  });

  it('all empty: no bars, no ticks, flagged empty', () => {
    const l = layoutSweepChart(['a'], [{ label: 'A', values: [null] }], 300, 200, fmt);
    expect(l.bars).toEqual([]);
    expect(l.ticks).toEqual([]);
    expect(l.empty).toBe(true);
    expect(layoutSweepChart(['a'], [{ label: 'A', values: [3] }], 300, 200, fmt).empty).toBe(false);
  });
});

describe('relativeToFirst', () => {
  it('divides by the first value; unknown where either is missing', () => {
    const r = relativeToFirst([200, 50, null, 500]);
    expect(r.slice(0, 2)).toEqual([1, 0.25]);
    expect(Number.isNaN(r[2])).toBe(true);
    expect(r[3]).toBe(2.5);
    expect(relativeToFirst([null, 3]).every(Number.isNaN)).toBe(true);
  });
});
