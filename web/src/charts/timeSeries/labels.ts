// Labels on a time-series chart (pure): the reference line's label placed clear of the
// data where it can be, and every label moved by whole lines where two would overprint.

/** A line's label: text right-aligned at `x`, baseline at `y` (plot px). */
export interface ChartLabel {
  text: string;
  x: number;
  y: number;
  /** The whole text of a label cut short (shown on hover). */
  full?: string;
}

/** A label's line height, and the width of one of its characters (13 px type, px). */
export const LABEL_LINE = 15;
export const LABEL_CHAR = 7.6;

function labelBox(l: ChartLabel) {
  return { x0: l.x - l.text.length * LABEL_CHAR, x1: l.x, y0: l.y - 11, y1: l.y + 3 };
}

/** Whether two labels' boxes overlap (with 2 px to spare). */
export function labelsClash(a: ChartLabel, b: ChartLabel): boolean {
  const p = labelBox(a);
  const q = labelBox(b);
  return p.x0 < q.x1 + 2 && q.x0 < p.x1 + 2 && p.y0 < q.y1 + 2 && q.y0 < p.y1 + 2;
}

/** How many of `pts` (plot px) a label's box covers. */
export function pointsUnder(l: ChartLabel, pts: { x: number; y: number }[]): number {
  const b = labelBox(l);
  let n = 0;
  for (const p of pts) if (p.x >= b.x0 - 2 && p.x <= b.x1 + 2 && p.y >= b.y0 - 2 && p.y <= b.y1 + 2) n++;
  return n;
}

/**
 * Where the reference line's label goes: above or below the line, at its right or left
 * end, wherever it covers the fewest data points (the data drawn as points and the
 * midpoints of their segments), in that order of preference on a tie. Always at the
 * right end above it (below at the plot's top), a rising hit ratio ran through
 * "article: close to, never quite, 100%" on a phone.
 */
export function referenceLabelPlace(full: string, ry: number, plotWidth: number, plotHeight: number, data: { x: number; y: number }[]): ChartLabel {
  // A label wider than the plot is cut short with an ellipsis (the chart's description
  // keeps the whole text): on a phone it ran off the plot's left over the y axis' numbers.
  const room = Math.max(4, Math.floor((plotWidth - 4) / LABEL_CHAR));
  const cut = full.length > room;
  const text = cut ? `${full.slice(0, room - 1).trimEnd()}…` : full;
  const w = text.length * LABEL_CHAR;
  const right = plotWidth - 2;
  const left = Math.min(right, 2 + w);
  const fits = (y: number) => y - 11 >= -4 && y + 3 <= plotHeight + 4;
  const more = cut ? { full } : {};
  const candidates = [
    { text, x: right, y: ry - 5, ...more },
    { text, x: left, y: ry - 5, ...more },
    { text, x: right, y: ry + 15, ...more },
    { text, x: left, y: ry + 15, ...more },
  ].filter((c) => fits(c.y));
  if (candidates.length === 0) return { text, x: right, y: ry > 20 ? ry - 5 : ry + 15, ...more };
  return fewestUnder(candidates, data);
}

/**
 * Where a threshold line's label goes ("async", "sync", "requested"): above its line at
 * the line's right end, else at its left end, else below the line at either end, else
 * just above the highest data point under the label at either end, wherever it covers
 * the fewest data points, in that order on a tie. Always at the right end, "async" sat
 * on the modified-age curve, which runs along the async line at the right end of the
 * chart (on a phone, over the label's whole width). A line the data zigzags around
 * ("requested (last loop)" beside the pages flushed) has data above and below it at
 * both ends: the label then rises over the zigzag.
 */
export function limitLabelPlace(text: string, right: { x: number; y: number }, left: { x: number; y: number } | undefined, plotHeight: number, data: { x: number; y: number }[]): ChartLabel {
  const w = text.length * LABEL_CHAR;
  const rx = right.x - 2;
  // No left end given: the right end only (its letter names a line the others' start shares).
  const atLeft = left !== undefined;
  left ??= right;
  const lx = Math.min(rx, left.x + 2 + w);
  const fits = (y: number) => y - 11 >= -4 && y + 3 <= plotHeight + 4;
  // The baseline that puts the label's box (to 3 px below the baseline) 3 px over the
  // highest point within its width (and the 2 px either side pointsUnder counts); only
  // near its line (two label lines at most above where it sits above the line): further
  // up, over a spike, it read as no line's label (adaptive-flushing step 7, A and B).
  const overData = (x: number, lineY: number) => {
    const ys = data.filter((p) => p.x >= x - w - 2 && p.x <= x + 2).map((p) => p.y);
    const y = ys.length ? Math.min(...ys) - 8 : NaN;
    return lineY - 4 - y <= 2 * LABEL_LINE ? y : NaN;
  };
  const candidates = [
    { text, x: rx, y: right.y - 4 },
    { text, x: lx, y: left.y - 4 },
    { text, x: rx, y: right.y + 14 },
    { text, x: lx, y: left.y + 14 },
    { text, x: rx, y: overData(rx, right.y) },
    { text, x: lx, y: overData(lx, left.y) },
  ].filter((c, i) => (atLeft || i % 2 === 0) && Number.isFinite(c.y) && fits(c.y));
  if (candidates.length === 0) return { text, x: rx, y: right.y - 4 };
  return fewestUnder(candidates, data);
}

/** The first of `candidates` (at least one) that covers the fewest of `data`'s points. */
function fewestUnder(candidates: ChartLabel[], data: { x: number; y: number }[]): ChartLabel {
  let best = candidates[0];
  let bestN = pointsUnder(best, data);
  for (const c of candidates.slice(1)) {
    if (bestN === 0) break;
    const n = pointsUnder(c, data);
    if (n < bestN) [best, bestN] = [c, n];
  }
  return best;
}

/**
 * Each label in turn, from the top, takes the nearest line to its own place, within the
 * plot, where it clashes with none placed before it: its place, a line down, a line up,
 * two down, ... Top first and down first keeps the order of the lines: of two close lines
 * the upper one's label stays above it and the lower one's goes below its own line (taken
 * in the given order, "sync" was pushed down beside the async line and "async" up by sync).
 * Returns them in the given order.
 */
export function placeLabels(wanted: ChartLabel[], plotHeight: number): ChartLabel[] {
  const placed: ChartLabel[] = [];
  const byTop = wanted.map((w, i) => ({ w, i })).sort((a, b) => a.w.y - b.w.y || a.i - b.i);
  const out: ChartLabel[] = new Array<ChartLabel>(wanted.length);
  for (const { w, i } of byTop) {
    let at = w;
    for (const n of [0, 1, -1, 2, -2, 3, -3, 4, -4]) {
      const c = { ...w, y: w.y + n * LABEL_LINE };
      if (c.y - 11 < -4 || c.y + 3 > plotHeight + 4) continue;
      at = c;
      if (!placed.some((p) => labelsClash(p, c))) break;
    }
    placed.push(at);
    out[i] = at;
  }
  return out;
}
