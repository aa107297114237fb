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

  it('no article figures: one slot per side; runs not made yet draw nothing; narrow bars carry no text', () => {
    const l = layoutSweepChart(['1', '2', '3'], [{ label: 'A', values: [5, null, 7] }], 130, 200, fmt);
    expect(l.slots).toBe(1);
    expect(l.bars.map((b) => b.cat)).toEqual([0, 2]);
    expect(l.bars.every((b) => b.text === '')).toBe(true); // 130 px for 3 groups: too narrow
  });

  it('a low article bar carries its value however narrow (a few pixels on the baseline said nothing)', () => {
    const l = layoutSweepChart(['off', '16 GB'], [{ label: 'A', values: [943_000, 1_150_000], reference: [null, 23_000] }, { label: 'B', values: [943_000, 2_400_000], reference: [260_000, 650_000] }], 130, 240, fmt);
    const text = (side: number, kind: string, cat: number) => l.bars.find((b) => b.side === side && b.kind === kind && b.cat === cat)!.text;
    expect(text(0, 'article', 1)).toBe('23000'); // 2 px high
    expect(text(1, 'article', 1)).toBe(''); // tall and narrow: no text, as before
    expect(text(0, 'sim', 1)).toBe('');
  });

  it('a value wider than its bar\'s slot is left out (at 390 px "103k119k" ran together)', () => {
    const k = (v: number) => `${Math.round(v / 1000)}k`;
    const sides = [
      { label: 'A', values: [103_000, 108_000, 110_000, 113_000] },
      { label: 'B', values: [119_000, 240_000, 480_000, 943_000] },
    ];
    // 360 px: bars 26.3 px wide (wide enough alone) in slots of 28.5 px; "103k" is about 29 px at 12 px, and 4 px apart
    const narrow = layoutSweepChart(['4', '8', '16', '32'], sides, 360, 240, k);
    expect(narrow.bars[0].width).toBeGreaterThanOrEqual(22);
    expect(narrow.bars.map((b) => b.text)).toEqual(['', '', '', '', '', '', '', '']);
    const wide = layoutSweepChart(['4', '8', '16', '32'], sides, 500, 240, k);
    expect(wide.bars.map((b) => b.text)).toEqual(['103k', '119k', '108k', '240k', '110k', '480k', '113k', '943k']);
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
