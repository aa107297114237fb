// Pure layout of the leaf-fill histogram: fill bytes → 20 bins of 5%, bar geometry for
// one index or an A/B pair, and the 50% / ln 2 / 15/16 markers with non-overlapping labels.
import { max, scaleLinear } from 'd3';
import { formatPercent } from '../common/format';

/** Number of bins over 0–100% fill. */
export const FILL_BINS = 20;

/** Reference fills: half full after a middle split, random-insert theory, the 1/16 reserve. */
export const FILL_MARKERS = [
  { value: 0.5, label: '50%' },
  { value: Math.LN2, label: 'ln 2 ≈ 69%' },
  { value: 15 / 16, label: '15/16' },
] as const;

/** Leaf count per 5% bin from fill bytes (fill = byte / 255); 100% falls in the last bin. */
export function fillBins(fill: Uint8Array, bins = FILL_BINS): number[] {
  const counts = new Array<number>(bins).fill(0);
  for (let i = 0; i < fill.length; i++) {
    counts[Math.min(bins - 1, Math.floor((fill[i] * bins) / 255))]++;
  }
  return counts;
}

/** Mean fill 0..1 of the leaves (NaN when there are none). */
export function meanFill(fill: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < fill.length; i++) sum += fill[i];
  return fill.length ? sum / 255 / fill.length : NaN;
}

export interface HistBar {
  x: number;
  y: number;
  width: number;
  height: number;
  count: number;
  share: number; // 0..1 of that side's leaves
}

export interface HistogramModel {
  margin: { top: number; right: number; bottom: number; left: number };
  plotWidth: number;
  plotHeight: number;
  binWidth: number;
  bars: HistBar[][]; // [side][bin], side 0 = A (or the only frame), 1 = B
  binMid: number[]; // 0..1 fill at the middle of each bin (for the colour scale)
  yTicks: { pos: number; label: string }[];
  xTicks: { pos: number; label: string }[];
  markers: { x: number; label: string; row: number }[];
  means: number[];
  totals: number[];
}

const CHAR_PX = 7.4; // ≈ width of one 13 px character

/**
 * Greedy label rows: each label goes on the first row where it does not overlap the
 * previous label of that row (labels centred on x, `gap` px apart at least).
 */
export function labelRows(xs: number[], labels: string[], gap = 6): number[] {
  const rowEnd: number[] = [];
  return xs.map((x, i) => {
    const half = (labels[i].length * CHAR_PX) / 2;
    let r = 0;
    while (r < rowEnd.length && rowEnd[r] + gap > x - half) r++;
    rowEnd[r] = x + half;
    return r;
  });
}

/** Histogram geometry for `sides` (1 or 2 fill arrays) in a `width`×`height` px SVG. */
export function layoutHistogram(sides: Uint8Array[], width: number, height: number): HistogramModel {
  const counts = sides.map((f) => fillBins(f));
  const totals = sides.map((f) => f.length);
  const shares = counts.map((c, s) => c.map((n) => (totals[s] ? n / totals[s] : 0)));
  const top = max(shares.flat()) ?? 0;

  const markerXs0 = FILL_MARKERS.map((m) => m.value);
  const margin = { top: 8, right: 20, bottom: 40, left: 44 };
  const plotWidth = Math.max(40, width - margin.left - margin.right);
  const x = scaleLinear().domain([0, 1]).range([0, plotWidth]);
  const rows = labelRows(
    markerXs0.map((v) => x(v)),
    FILL_MARKERS.map((m) => m.label),
  );
  margin.top += 16 * (Math.max(...rows) + 1); // room for the marker labels above the plot
  const plotHeight = Math.max(30, height - margin.top - margin.bottom);
  const y = scaleLinear()
    .domain([0, Math.max(top, 0.05)])
    .nice(4)
    .range([plotHeight, 0]);

  const binWidth = plotWidth / FILL_BINS;
  const n = sides.length;
  const pad = binWidth > 8 ? 1 : 0;
  const sub = (binWidth - 2 * pad) / Math.max(1, n);
  const bars = shares.map((sh, s) =>
    sh.map((share, b) => ({
      x: b * binWidth + pad + s * sub,
      y: y(share),
      width: Math.max(0.5, sub - (n > 1 ? 0.5 : 0)),
      height: plotHeight - y(share),
      count: counts[s][b],
      share,
    })),
  );

  return {
    margin,
    plotWidth,
    plotHeight,
    binWidth,
    bars,
    binMid: Array.from({ length: FILL_BINS }, (_, b) => (b + 0.5) / FILL_BINS),
    yTicks: y.ticks(4).map((v) => ({ pos: y(v), label: formatPercent(v).replace('.0%', '%') })),
    xTicks: [0, 0.25, 0.5, 0.75, 1].map((v) => ({ pos: x(v), label: `${v * 100}%` })),
    markers: FILL_MARKERS.map((m, i) => ({ x: x(m.value), label: m.label, row: rows[i] })),
    means: sides.map(meanFill),
    totals,
  };
}
