// Time-series layout: domains include the reference line, gaps at NaN, isolated points
// as dots, a single sample, and empty data.
import { describe, expect, it } from 'vitest';
import { labelsClash, limitLabelPlace, placeLabels, pointsUnder, referenceLabelPlace } from '../../web/src/charts/timeSeries/labels';
import { layoutTimeSeries, referenceFits, seriesPoints, spansWhere, xExtent, yExtent } from '../../web/src/charts/timeSeries/layout';

const cols = ['t_s', 'latency_mean_us'];
const A = { label: 'A', columns: cols, rows: [[0, 100], [1, 120], [2, NaN], [3, 130]] };

describe('extents', () => {
  it('y starts at 0 and includes the reference value', () => {
    expect(yExtent([100, 120, NaN, 130], 150)).toEqual([0, 150]);
    expect(yExtent([100, 120], undefined)).toEqual([0, 120]);
    expect(yExtent([-5, 10])).toEqual([-5, 10]);
    expect(yExtent([0, 0])).toEqual([0, 1]);
    expect(yExtent([])).toEqual([0, 1]);
  });
  it('y spans the data when not from 0: 31.4 against 31.9 µs fills the plot instead of its top 2%', () => {
    expect(yExtent([31.9, 31.4, 35.5], undefined, false)).toEqual([31.4, 35.5]);
    expect(yExtent([31.9, 31.4], 30, false)).toEqual([30, 31.9]); // the reference still counts
    expect(yExtent([-5, 10], undefined, false)).toEqual([-5, 10]);
    expect(yExtent([7, 7], undefined, false)).toEqual([7, 14]);
    const m = layoutTimeSeries({ series: [{ label: 'A', columns: cols, rows: [[0, 31.9], [1, 31.4], [2, 35.5]] }], column: 'latency_mean_us', unit: 'µs', fromZero: false }, 400, 220);
    expect(m.yDomain[0]).toBeGreaterThan(30);
    expect(m.yDomain[0]).toBeLessThanOrEqual(31.4);
    expect(layoutTimeSeries({ series: [{ label: 'A', columns: cols, rows: [[0, 31.9], [1, 31.4]] }], column: 'latency_mean_us', unit: 'µs' }, 400, 220).yDomain[0]).toBe(0);
  });
  it('x spans the samples; one sample gets a 1 s window', () => {
    expect(xExtent([0, 3])).toEqual([0, 3]);
    expect(xExtent([5])).toEqual([0, 5]);
    expect(xExtent([0.1, 0.2, 60])).toEqual([0, 60]);
    expect(xExtent([0.092])).toEqual([0, 0.092]);
    expect(xExtent([0])).toEqual([0, 1]);
  });
  it('selects columns by name; time is "t_s"', () => {
    expect(seriesPoints({ label: 'x', columns: ['qps', 't_s'], rows: [[7, 2]] }, 'qps')).toEqual([[2, 7]]);
    expect(seriesPoints(A, 'missing')).toEqual([]);
  });
});

describe('layoutTimeSeries', () => {
  const m = layoutTimeSeries({ series: [A], column: 'latency_mean_us', unit: 'µs', reference: { value: 150, label: 'article: 124 µs' } }, 400, 220);
  it('nice y domain over data and reference, ticks labelled with SI', () => {
    expect(m.yDomain).toEqual([0, 200]); // d3 nice() settles on steps of 50
    expect(m.yTicks.map((t) => t.label)).toEqual(['0', '50', '100', '150', '200']);
    expect(m.xDomain).toEqual([0, 3]);
    // three-character labels get the five-character minimum, as every chart of a panel does
    expect(m.margin).toEqual({ top: 8, right: 16, bottom: 38, left: 48 });
    expect([m.plotWidth, m.plotHeight]).toEqual([336, 174]);
  });
  it('reads a fraction column in the percent unit as percentages on the axis and the reference', () => {
    const H = { label: 'A', columns: ['t_s', 'ahi_hit_rate'], rows: [[0, 0.2], [1, 0.45], [2, 0.9]] };
    const p = layoutTimeSeries({ series: [H], column: 'ahi_hit_rate', unit: '%', reference: { value: 0.5, label: '' } }, 400, 220);
    expect(p.yTicks.map((t) => t.label)).toEqual(['0%', '20%', '40%', '60%', '80%', '100%']);
    expect(p.reference?.label).toBe('50.0%');
    // a small ratio still spans 0 to 100% (11% on an axis to 20% looked high beside the
    // other hit-ratio charts and a quiz's 85%) ...
    const L = { label: 'A', columns: ['t_s', 'r'], rows: [[0, 0.05], [1, 0.11], [2, 0.09]] };
    expect(layoutTimeSeries({ series: [L], column: 'r', unit: '%' }, 400, 220).yTicks.map((t) => t.label)).toEqual(['0%', '20%', '40%', '60%', '80%', '100%']);
    // ... unless an in_scale reference asks for the gap under it (0.06% under 1%)
    const F = { label: 'A', columns: ['t_s', 'r'], rows: [[0, 0.0005], [1, 0.0006]] };
    expect(layoutTimeSeries({ series: [F], column: 'r', unit: '%', reference: { value: 0.01, label: 'article', inScale: true } }, 400, 220).yDomain).toEqual([0, 0.01]);
    // ... or its axis spans the data: then ticks get the decimals their step needs
    const S = { label: 'A', columns: ['t_s', 'r'], rows: [[0, 0.001], [1, 0.004], [2, 0.012]] };
    const q = layoutTimeSeries({ series: [S], column: 'r', unit: '%', fromZero: false }, 400, 220);
    expect(q.yTicks.map((t) => t.label)).toEqual(['0%', '0.2%', '0.4%', '0.6%', '0.8%', '1%', '1.2%']);
  });
  it('places the reference line at its value, label above it', () => {
    expect(m.reference).toEqual({ y: (1 - 150 / 200) * 174, label: 'article: 124 µs', above: true });
  });
  it('leaves a reference more than twice the data off the axis, and says where it is (2M over a 0.5M run squashed it)', () => {
    expect(referenceFits([100, 130], 260)).toBe(true);
    expect(referenceFits([100, 130], 261)).toBe(false);
    expect(referenceFits([], 1e6)).toBe(true); // no data yet
    const far = layoutTimeSeries({ series: [A], column: 'latency_mean_us', unit: 'µs', reference: { value: 2000, label: 'report: 2,000 µs' } }, 400, 220);
    expect(far.yDomain).toEqual([0, 140]);
    expect(far.reference).toEqual({ y: 0, label: '↑ report: 2,000 µs, above this scale', above: false, off: true });
    expect(far.labels[0].text).toBe('↑ report: 2,000 µs, above this scale');
    expect(far.labels[0].y - 11).toBeGreaterThanOrEqual(-4); // inside the plot
  });
  it('keeps an in_scale reference on the axis however far above the data (the data on the floor under it is the point)', () => {
    // AHI step 12: a 0.05% hit ratio under the article's 1% filled the chart, and read as busy.
    const floor = layoutTimeSeries({ series: [A], column: 'latency_mean_us', unit: 'µs', reference: { value: 2000, label: 'report: 2,000 µs', inScale: true } }, 400, 220);
    expect(floor.yDomain).toEqual([0, 2000]);
    expect(floor.reference).toEqual({ y: 0, label: 'report: 2,000 µs', above: false });
    expect(floor.reference?.off).toBeUndefined();
  });
  it('breaks the line at NaN and shows the isolated last point as a dot', () => {
    const l = m.lines[0];
    expect(l.d.match(/M/g)).toHaveLength(2);
    expect(l.dots).toEqual([{ x: 336, y: (1 - 130 / 200) * 174 }]);
    expect(l.last?.value).toBe(130);
    expect(l.color).toBe('#1864ab');
    expect(l.dash).toBeUndefined();
  });
  it('second series is dashed in the B hue; hue overrides', () => {
    const two = layoutTimeSeries({ series: [A, { ...A, label: 'B' }, { ...A, label: 'C', hue: 'red' }], column: 'latency_mean_us', unit: 'µs', hues: ['a', 'b'] }, 400, 220);
    expect(two.lines.map((l) => [l.color, l.dash])).toEqual([
      ['a', undefined],
      ['b', '6 3'],
      ['red', '2 3'],
    ]);
  });
  it('a line drawn exactly under a later one says so in the legend (A looked as if it had no data)', () => {
    const same = { label: 'B: reader', columns: cols, rows: A.rows.map((r) => [...r]) };
    const m = layoutTimeSeries({ series: [A, same], column: 'latency_mean_us', unit: 'µs' }, 400, 220);
    expect(m.lines[0].legend).toBe("130 µs (under B's line: the same values)");
    expect(m.lines[1].legend).toBe('130 µs');
    // one sample apart: both lines show, nothing is said
    const apart = { label: 'B', columns: cols, rows: [[0, 100], [1, 121], [2, NaN], [3, 130]] };
    expect(layoutTimeSeries({ series: [A, apart], column: 'latency_mean_us', unit: 'µs' }, 400, 220).lines[0].legend).toBe('130 µs');
  });
  it('one sample: a dot, the x axis from 0 to it', () => {
    const one = layoutTimeSeries({ series: [{ label: 'A', columns: cols, rows: [[5, 42]] }], column: 'latency_mean_us', unit: 'µs' }, 400, 220);
    expect(one.empty).toBe(false);
    expect(one.xDomain).toEqual([0, 5]);
    expect(one.lines[0].dots).toHaveLength(1);
  });
  it('no data: empty model ("press play"), sane axes', () => {
    const e = layoutTimeSeries({ series: [], column: 'qps', unit: 'q/s' }, 360, 200);
    expect(e.empty).toBe(true);
    expect(e.yDomain).toEqual([0, 1]);
    const nan = layoutTimeSeries({ series: [{ label: 'A', columns: ['t_s', 'qps'], rows: [[0, NaN]] }], column: 'qps', unit: 'q/s' }, 360, 200);
    expect(nan.empty).toBe(true);
    expect(nan.lines[0].d).toBe('');
  });
  it('highlight bands are clipped to the plot', () => {
    const h = layoutTimeSeries({ series: [A], column: 'latency_mean_us', unit: 'µs', highlights: [{ t0: 1, t1: 2 }, { t0: 2.5, t1: 9 }, { t0: 5, t1: 6 }] }, 400, 220);
    const w = h.plotWidth;
    expect(h.bands.map((b) => [Math.round(b.x), Math.round(b.width)])).toEqual([
      [Math.round(w / 3), Math.round(w / 3)],
      [Math.round((w * 2.5) / 3), Math.round(w / 6)],
    ]);
  });
});

describe('thresholds and conditional shading', () => {
  const cols2 = ['t_s', 'age_mb', 'sync_mb', 'over'];
  const S = { label: 'A', columns: cols2, rows: [[0, 10, 80, 0], [1, 50, 80, 0], [2, 85, 80, 1], [3, 90, 80, 1], [4, 40, 80, 0], [5, 82, 80, 1]] };
  it('spansWhere: each sample covers the interval since the previous one; runs merge', () => {
    expect(spansWhere(S, 'over', 0.5)).toEqual([
      { t0: 1, t1: 3 },
      { t0: 4, t1: 5 },
    ]);
    expect(spansWhere(S, 'age_mb', 1000)).toEqual([]);
    expect(spansWhere(S, 'missing', 0)).toEqual([]);
  });
  it('limit columns widen the y domain and draw one line per series, labelled once where they coincide', () => {
    const B = { ...S, label: 'B', rows: S.rows.map((r) => [r[0], r[1] / 2, 80, 0]) };
    const m = layoutTimeSeries({ series: [S, B], column: 'age_mb', unit: 'MB', limits: [{ column: 'sync_mb', label: 'sync point' }], hues: ['a', 'b'] }, 400, 220);
    expect(m.limitLines.map((l) => [l.label, l.color, l.labelAt !== undefined])).toEqual([
      ['sync point', 'a', true],
      ['sync point', 'b', false],
    ]);
    expect(m.labels.map((l) => l.text)).toEqual(['sync point']);
    expect(m.limitLines[0].d.startsWith('M')).toBe(true);
  });
  it('limit lines that end apart are each labelled with their side (a bigger log on B)', () => {
    const B = { ...S, label: 'B', rows: S.rows.map((r) => [r[0], r[1] / 2, 120, 0]) };
    const m = layoutTimeSeries({ series: [S, B], column: 'age_mb', unit: 'MB', limits: [{ column: 'sync_mb', label: 'sync' }], hues: ['a', 'b'] }, 400, 220);
    expect(m.yDomain[1]).toBeGreaterThanOrEqual(120);
    expect(m.limitLines.map((l) => [l.label, l.color, l.labelAt !== undefined])).toEqual([
      ['sync (A)', 'a', true],
      ['sync (B)', 'b', true],
    ]);
    expect(m.labels.map((l) => l.text)).toEqual(['sync (A)', 'sync (B)']);
    // each above its own line
    expect(m.labels[1].y).toBeLessThan(m.labels[0].y);
  });
  it('highlightWhen shades per series in its colour', () => {
    const m = layoutTimeSeries({ series: [S], column: 'age_mb', unit: 'MB', highlightWhen: { column: 'over', above: 0.5, label: 'past sync' }, hues: ['a'] }, 400, 220);
    const w = m.plotWidth;
    expect(m.bands.map((b) => [Math.round(b.x), Math.round(b.width), b.color])).toEqual([
      [Math.round(w / 5), Math.round((2 * w) / 5), 'a'],
      [Math.round((4 * w) / 5), Math.round(w / 5), 'a'],
    ]);
  });
});

describe('line labels', () => {
  // The modified-age chart: async and sync end ~10 px apart, with the article's figure near
  // them (they printed over each other: "requested" on "article: ~1,000 flushed").
  const cols2 = ['t_s', 'age_mb', 'async_mb', 'sync_mb'];
  const S2 = { label: 'A', columns: cols2, rows: [[0, 10, 60, 64], [1, 30, 60, 64], [2, 50, 60, 64]] };
  const m = layoutTimeSeries(
    { series: [S2], column: 'age_mb', unit: 'MB', reference: { value: 62, label: 'article: ~62 MB' }, limits: [{ column: 'async_mb', label: 'async' }, { column: 'sync_mb', label: 'sync' }] },
    400,
    220,
  );
  it('keeps the reference and limit labels apart, inside the plot, right-aligned at their lines', () => {
    expect(m.labels.map((l) => l.text)).toEqual(['article: ~62 MB', 'async', 'sync']);
    for (let i = 0; i < m.labels.length; i++) {
      const l = m.labels[i];
      expect(l.x).toBeCloseTo(m.plotWidth - 2);
      expect(l.y - 11).toBeGreaterThanOrEqual(-4);
      expect(l.y + 3).toBeLessThanOrEqual(m.plotHeight + 4);
      for (let j = 0; j < i; j++) expect(labelsClash(m.labels[j], l), `${m.labels[j].text} / ${l.text}`).toBe(false);
    }
    // Without the placement, two of them overprint at these values.
    const asWanted = [
      { text: 'article: ~62 MB', x: m.plotWidth - 2, y: m.reference!.y - 5 },
      { text: 'async', x: m.limitLines[0].labelAt!.x - 2, y: m.limitLines[0].labelAt!.y - 4 },
      { text: 'sync', x: m.limitLines[1].labelAt!.x - 2, y: m.limitLines[1].labelAt!.y - 4 },
    ];
    expect(asWanted.some((a, i) => asWanted.slice(0, i).some((b) => labelsClash(a, b)))).toBe(true);
    // The labels keep the lines' order: sync's (the upper line) above async's.
    const [, async_, sync] = m.labels;
    expect(sync.y).toBeLessThan(async_.y);
    expect(sync.y).toBeLessThanOrEqual(m.limitLines[1].labelAt!.y);
  });
  it('keeps the lines\' order: async (the lower line) goes below its line, not sync (they read swapped)', () => {
    // The adaptive-flushing chart: async 67.4 MiB, sync 72.3 MiB, about 10 px apart.
    const S3 = { label: 'A', columns: cols2, rows: [[0, 3, 67.4, 72.3], [60, 72, 67.4, 72.3], [120, 36, 67.4, 72.3]] };
    const m3 = layoutTimeSeries({ series: [S3], column: 'age_mb', unit: 'MiB', limits: [{ column: 'async_mb', label: 'async' }, { column: 'sync_mb', label: 'sync' }] }, 700, 220);
    const [a, sy] = m3.labels;
    const [aLine, sLine] = m3.limitLines.map((l) => l.labelAt!.y);
    expect(sy.y).toBeLessThanOrEqual(sLine); // sync's label above the sync line
    expect(a.y).toBeGreaterThan(aLine); // async's below the async line
    expect(labelsClash(a, sy)).toBe(false);
  });
  it('moves a limit label to the left end when the curve runs along its line at the right end (on a phone "async" sat on the curve)', () => {
    // The 5.5 run: the age climbs from 3 MiB and then rides between async and sync to the end.
    const rows = Array.from({ length: 61 }, (_, t) => [t, t < 21 ? 3 + t * 3.4 : t % 3 === 0 ? 67.2 : 71.5, 67.4, 72.3]);
    const S4 = { label: 'A', columns: cols2, rows };
    const m4 = layoutTimeSeries({ series: [S4], column: 'age_mb', unit: 'MiB', limits: [{ column: 'async_mb', label: 'async' }, { column: 'sync_mb', label: 'sync' }] }, 340, 220);
    const curve = rows.map((r) => ({ x: (r[0] / 60) * m4.plotWidth, y: m4.plotHeight * (1 - r[1] / m4.yDomain[1]) }));
    const [a, sy] = m4.labels;
    const right = m4.plotWidth - 2;
    // "async" at the left end, where the curve is still far below it; neither covers the curve.
    expect(a.x).toBeLessThan(right);
    expect(pointsUnder(a, curve)).toBe(0);
    expect(pointsUnder(sy, curve)).toBe(0);
    expect(labelsClash(a, sy)).toBe(false);
    expect(sy.y).toBeLessThan(a.y);
    // At the right end, above the async line, the label covered the curve.
    expect(pointsUnder({ text: 'async', x: right, y: m4.limitLines[0].labelAt!.y - 4 }, curve)).toBeGreaterThan(0);
    // With no data near them, the labels stay at the right end (the test above).
    expect(limitLabelPlace('async', { x: 300, y: 60 }, { x: 0, y: 60 }, 200, [])).toEqual({ text: 'async', x: 298, y: 56 });
  });
  it('labels A\'s and B\'s limit lines at their ends when they start together (adaptive-flushing step 7: both went to the shared start, one pushed far from its line)', () => {
    // Both sides' requested lines start at 600 over no data; they end apart (A ~1,500, B ~300) in it.
    const cols3 = ['t_s', 'flushed', 'requested'];
    const A3 = { label: 'A', columns: cols3, rows: Array.from({ length: 121 }, (_, t) => [t, t < 20 ? 0 : 1200 + (t % 2 ? 300 : -300), t < 20 ? 600 + t * 50 : 1500]) };
    const B3 = { label: 'B', columns: cols3, rows: Array.from({ length: 121 }, (_, t) => [t, t < 20 ? 0 : t % 10 ? 250 : 2900, t < 20 ? 600 + t * 50 : 300]) };
    const m = layoutTimeSeries({ series: [A3, B3], column: 'flushed', unit: 'pages/s', limits: [{ column: 'requested', label: 'requested' }] }, 640, 220);
    expect(m.labels.map((l) => l.text)).toEqual(['requested (A)', 'requested (B)']);
    for (const [i, l] of m.labels.entries()) {
      expect(l.x).toBeCloseTo(m.plotWidth - 2, 6);
      // beside its own line's end: within two label lines of it
      expect(Math.abs(l.y - m.limitLines[i].labelAt!.y)).toBeLessThanOrEqual(2 * 15 + 14);
    }
  });
  it('lifts a limit label over data that zigzags around its line at both ends (adaptive-flushing step 10: "requested (last loop)" sat on the pages flushed)', () => {
    // The pages flushed swing 150 pages/s above and below what the last loop requested, along the whole run.
    const rows = Array.from({ length: 121 }, (_, t) => [t, t === 25 ? 3000 : 1250 + (t % 2 ? 150 : -150), 1250]); // (a spike at 25 s, as in the run: the axis goes to 3,000)
    const S = { label: 'A', columns: ['t_s', 'flushed', 'requested'], rows };
    const m = layoutTimeSeries({ series: [S], column: 'flushed', unit: 'pages/s', limits: [{ column: 'requested', label: 'requested (last loop)' }] }, 640, 220);
    const pts = rows.map((r) => ({ x: (r[0] / 120) * m.plotWidth, y: m.plotHeight * (1 - r[1] / m.yDomain[1]) }));
    const [label] = m.labels;
    expect(pointsUnder(label, pts)).toBe(0);
    // Over the zigzag's tops (1,400 pages/s), not below its bottoms, and at the right end.
    const top = m.plotHeight * (1 - 1400 / m.yDomain[1]);
    expect(label.y).toBeLessThan(top);
    expect(label.y).toBeGreaterThan(top - 15);
    expect(label.x).toBeCloseTo(m.plotWidth - 2, 6);
    // Not just under or over its line, where the zigzag's steep segments cross the label.
    const line = m.limitLines[0].labelAt!;
    expect(label.y).toBeLessThan(line.y - 4);
    // A spike far above the line under the label's width: the label does not fly up to it
    // (two label lines at most), where it read as no line's label (adaptive-flushing step 7).
    const spiky = rows.map((r) => (r[0] >= 110 ? [r[0], r[0] % 2 ? 2500 : 0, 1250] : r));
    const m2 = layoutTimeSeries({ series: [{ ...S, rows: spiky }], column: 'flushed', unit: 'pages/s', limits: [{ column: 'requested', label: 'requested (last loop)' }] }, 640, 220);
    const line2 = m2.limitLines[0].labelAt!;
    expect(Math.abs(m2.labels[0].y - line2.y)).toBeLessThanOrEqual(2 * 15 + 14);
  });
  it('leaves a label that clashes with nothing where it was, and moves the next by whole lines', () => {
    const placed = placeLabels(
      [
        { text: 'sync', x: 300, y: 50 },
        { text: 'async', x: 300, y: 56 },
        { text: 'far away', x: 100, y: 56 },
      ],
      200,
    );
    expect(placed.map((l) => l.y)).toEqual([50, 71, 56]); // the lower one goes a line down, below its own line
  });
});

describe('a side that finished while the other runs on', () => {
  const rate = ['t_s', 'inserts_per_s'];
  const a = { label: 'A', columns: rate, rows: [[1, 100], [2, 100], [3, 0], [4, 0]], finishedS: 2.2 };
  const b = { label: 'B', columns: rate, rows: [[1, 50], [2, 50], [3, 50], [4, 50]], finishedS: null };
  it('is marked where it finished, in its colour, as "A done" (its rates at 0 after it read as a stall)', () => {
    const m = layoutTimeSeries({ series: [a, b], column: 'inserts_per_s', unit: 'rows/s', hues: ['blue', 'red'] }, 400, 220);
    expect(m.finishes).toHaveLength(1);
    expect(m.finishes[0]).toMatchObject({ color: 'blue', label: 'A done' });
    // x = 2.2 / 4 of the plot's width (the axis starts at 0)
    expect(m.finishes[0].x).toBeCloseTo((2.2 / 4) * m.plotWidth, 6);
  });
  it('is not marked at the chart\'s end (the last side to finish ends the run), nor while it runs', () => {
    const last = layoutTimeSeries({ series: [a, { ...b, finishedS: 4 }], column: 'inserts_per_s', unit: 'rows/s' }, 400, 220);
    expect(last.finishes.map((f) => f.label)).toEqual(['A done']);
    const running = layoutTimeSeries({ series: [{ ...a, finishedS: undefined }, b], column: 'inserts_per_s', unit: 'rows/s' }, 400, 220);
    expect(running.finishes).toEqual([]);
  });
});

describe('y ticks of a column of whole numbers', () => {
  const cols = ['t_s', 'threads_sleeping', 'qc_hit_rate'];
  const rows = [[0.1, 0, 0], [0.2, 3, 0.5], [0.3, 1, 1]];
  it('are whole (no "1.5 threads"), where the same domain of fractions gets halves', () => {
    const m = layoutTimeSeries({ series: [{ label: 'A', columns: cols, rows }], column: 'threads_sleeping', unit: 'threads' }, 400, 220);
    expect(m.yTicks.map((t) => t.label)).toEqual(['0', '1', '2', '3']);
    const frac = layoutTimeSeries({ series: [{ label: 'A', columns: cols, rows: rows.map((r) => [r[0], r[1] + 0.25, r[2]]) }], column: 'threads_sleeping', unit: 'threads' }, 400, 220);
    expect(frac.yTicks.map((t) => t.label)).toContain('0.5');
  });
  it('leave a percentage alone: a 0-to-1 ratio of 0s and 1s keeps its steps', () => {
    const ones = rows.map((r) => [r[0], r[1], r[2] >= 0.5 ? 1 : 0]);
    const m = layoutTimeSeries({ series: [{ label: 'A', columns: cols, rows: ones }], column: 'qc_hit_rate', unit: '%' }, 400, 220);
    expect(m.yTicks.length).toBeGreaterThan(2);
    expect(m.yTicks.map((t) => t.label)).toContain('20%');
  });
});

describe('the legend of a side that finished', () => {
  const rate = ['t_s', 'inserts_per_s'];
  const a = { label: 'A', columns: rate, rows: [[1, 100], [2, 100], [3, 0], [4, 0]], finishedS: 2.2 };
  const b = { label: 'B', columns: rate, rows: [[1, 50], [2, 50], [3, 50], [4, 50]], finishedS: null };
  it('says when it finished beside its 0 (a bare "A: 0 rows/s" read as a stall)', () => {
    const m = layoutTimeSeries({ series: [a, b], column: 'inserts_per_s', unit: 'rows/s' }, 400, 220);
    expect(m.lines.map((l) => l.legend)).toEqual(['0 rows/s, done at 2.200 s', '50 rows/s']);
  });
  it('gives the value alone while it runs, or when its last sample is not after the finish', () => {
    const running = layoutTimeSeries({ series: [{ ...a, finishedS: undefined }, b], column: 'inserts_per_s', unit: 'rows/s' }, 400, 220);
    expect(running.lines[0].legend).toBe('0 rows/s');
    const atEnd = layoutTimeSeries({ series: [{ ...a, finishedS: 4 }], column: 'inserts_per_s', unit: 'rows/s' }, 400, 220);
    expect(atEnd.lines[0].legend).toBe('0 rows/s');
    const early = layoutTimeSeries({ series: [{ ...a, finishedS: 0.0845 }], column: 'inserts_per_s', unit: 'rows/s' }, 400, 220);
    expect(early.lines[0].legend).toBe('0 rows/s, done at 84.5 ms');
  });
});

describe('the "A done" label', () => {
  const rate = ['t_s', 'inserts_per_s'];
  const b = { label: 'B', columns: rate, rows: [[1, 50], [2, 50], [3, 50], [4, 50]], finishedS: null };
  it('keeps clear of a reference label near the plot\'s top (the reference moves, not onto the line\'s label)', () => {
    // A finishes at 3.6 s of 4, under the right end of a reference line at the top.
    const a = { label: 'A', columns: rate, rows: [[1, 100], [2, 100], [3, 100], [4, 0]], finishedS: 3.6 };
    const m = layoutTimeSeries({ series: [a, b], column: 'inserts_per_s', unit: 'rows/s', reference: { value: 100, label: 'article: 100 rows/s' } }, 400, 220);
    expect(m.finishes).toHaveLength(1);
    expect(m.labels).toHaveLength(1);
    expect(labelsClash(m.finishes[0].at, m.labels[0])).toBe(false);
  });
  it('sits right of its line, or left of it where it would run off the plot', () => {
    const early = { label: 'A', columns: rate, rows: [[1, 100], [2, 0], [3, 0], [4, 0]], finishedS: 1 };
    const m = layoutTimeSeries({ series: [early, b], column: 'inserts_per_s', unit: 'rows/s' }, 400, 220);
    expect(m.finishes[0].at.x).toBeGreaterThan(m.finishes[0].x); // right-aligned text ends past the line
    const late = { ...early, finishedS: 3.9 };
    const n = layoutTimeSeries({ series: [late, b], column: 'inserts_per_s', unit: 'rows/s' }, 400, 220);
    expect(n.finishes[0].at.x).toBe(n.finishes[0].x - 4);
    expect(n.finishes[0].at.x).toBeLessThanOrEqual(n.plotWidth);
  });
});

describe('the reference line\'s label', () => {
  const text = 'article: close to, never quite, 100%'; // 36 characters, ~274 px
  it('stays at the right end above its line while no data is there', () => {
    expect(referenceLabelPlace(text, 100, 600, 170, [])).toEqual({ text, x: 598, y: 95 });
    // at the plot's top there is no room above: below it
    expect(referenceLabelPlace(text, 0, 600, 170, [])).toEqual({ text, x: 598, y: 15 });
  });
  it('is cut short with an ellipsis when wider than the plot (on a phone it ran over the y axis)', () => {
    const placed = referenceLabelPlace(text, 100, 150, 170, []);
    expect(placed.text).toBe('article: close to,…');
    expect(placed.full).toBe(text);
    expect(placed.text.length * 7.6).toBeLessThanOrEqual(150 - 4);
    expect(placed.x).toBe(148);
  });
  it('moves to the left end where a curve rising to the line runs under its right end', () => {
    // a hit ratio climbing from 0 at the left to just under the line (at the plot's top) on the right
    const curve = Array.from({ length: 61 }, (_, i) => ({ x: i * 5, y: i < 30 ? 170 - i * 5 : 8 }));
    const right = { text, x: 298, y: 15 };
    expect(pointsUnder(right, curve)).toBeGreaterThan(10);
    const placed = referenceLabelPlace(text, 0, 300, 170, curve);
    expect(placed.y).toBe(15);
    expect(placed.x).toBeLessThan(298);
    expect(pointsUnder(placed, curve)).toBeLessThan(pointsUnder(right, curve));
  });
});
