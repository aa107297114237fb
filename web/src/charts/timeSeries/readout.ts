// What a time-series chart reads under the pointer: each line's sample nearest the
// pointer's time, in the chart's unit, and where to mark it. No DOM; unit-tested.
import { format } from 'd3';
import { PERCENT_UNIT, formatCount, formatWithUnit } from '../common/format';
import { seriesPoints, type LimitSpec, type SeriesInput, type TimeSeriesModel } from './layout';

/** One value of the readout: a line's sample, or a threshold line's value beside it. */
export interface ReadoutRow {
  label: string;
  color: string;
  /** The value in the chart's unit ("45.1%", "1,204 pages/s"). */
  text: string;
  /** Where the sample is drawn, in plot px; absent for a threshold's row. */
  at?: { x: number; y: number };
  /** A threshold line's value (drawn muted, no marker). */
  limit?: boolean;
}

/** The readout at one pointer position. */
export interface Readout {
  /** The vertical rule's x in plot px: the first line's sample there. */
  x: number;
  /** Simulated time of that sample, as the header shows it ("t = 12.3 s"). */
  header: string;
  rows: ReadoutRow[];
}

const seconds = format(',.3~f');

/** A value read off the chart: whole from 1,000 up ("3,781 tps", where the axis and the
 *  legend round to "3.78k"); bytes and percentages as everywhere else. */
function valueText(v: number, unit: string): string {
  if (unit === 'bytes' || unit === 'B' || unit === PERCENT_UNIT || /^\d/.test(unit) || !(Math.abs(v) >= 1000)) return formatWithUnit(v, unit);
  return unit ? `${formatCount(v)} ${unit}` : formatCount(v);
}

/** The finite sample of `pts` nearest `t`, if `t` lies within the line's span (widened by
 *  half its mean sample interval): past the end of a finished side there is no value to
 *  read, and its last sample would read as the value there. */
function nearest(pts: [number, number][], t: number): [number, number] | undefined {
  const ok = pts.filter(([pt, v]) => Number.isFinite(pt) && Number.isFinite(v));
  if (ok.length === 0) return undefined;
  const first = ok[0][0];
  const last = ok[ok.length - 1][0];
  const half = ok.length > 1 ? (last - first) / (ok.length - 1) / 2 : Infinity;
  if (t < first - half || t > last + half) return undefined;
  let best = ok[0];
  for (const p of ok) if (Math.abs(p[0] - t) < Math.abs(best[0] - t)) best = p;
  return best;
}

/**
 * The readout at `px` (plot px from the plot's left edge), or null outside the plot or
 * where no line has a sample. `colors` are the lines' colours as drawn (the model's).
 */
export function readoutAt(series: SeriesInput[], column: string, unit: string, m: TimeSeriesModel, px: number, limits: LimitSpec[] = []): Readout | null {
  if (m.empty || !(px >= 0 && px <= m.plotWidth)) return null;
  const [x0, x1] = m.xDomain;
  const [y0, y1] = m.yDomain;
  const t = x0 + (px / m.plotWidth) * (x1 - x0);
  const toX = (v: number) => ((v - x0) / (x1 - x0)) * m.plotWidth;
  const toY = (v: number) => (1 - (v - y0) / (y1 - y0)) * m.plotHeight;
  const rows: ReadoutRow[] = [];
  let ruleT: number | undefined;
  series.forEach((s, i) => {
    const line = m.lines[i];
    const p = nearest(seriesPoints(s, column), t);
    if (!p || !line) return;
    ruleT ??= p[0];
    rows.push({ label: s.label, color: line.color, text: valueText(p[1], unit), at: { x: toX(p[0]), y: toY(p[1]) } });
    for (const l of limits) {
      const q = nearest(seriesPoints(s, l.column), p[0]);
      if (q) rows.push({ label: series.length > 1 ? `${l.label} (${String.fromCharCode(65 + i)})` : l.label, color: line.color, text: valueText(q[1], unit), limit: true });
    }
  });
  if (ruleT === undefined) return null;
  return { x: toX(ruleT), header: `t = ${seconds(ruleT)} s`, rows };
}

/** Gap (px) between the readout box and the rule or the pointer. */
const BOX_GAP = 10;

/**
 * Where the readout box goes in a chart `chartW`×`chartH` px (its top-left corner), for a
 * box `boxW`×`boxH` px, the rule at `ruleX` and the pointer at `pointerY` (chart px).
 * Beside the rule, on the side with room (right first in the left half); if neither side
 * has room, as far left as keeps it whole. Below the pointer, else above it: a box at
 * the chart's top went under the sticky player bar when the chart sat just beneath it,
 * and one beside the rule ran off a phone's screen (its right edge at 522 px on 390).
 */
export function readoutBox(chartW: number, chartH: number, boxW: number, boxH: number, ruleX: number, pointerY: number): { left: number; top: number } {
  const right = ruleX + BOX_GAP;
  const left = ruleX - BOX_GAP - boxW;
  const fitsRight = right + boxW <= chartW;
  const fitsLeft = left >= 0;
  const preferLeft = ruleX > chartW / 2;
  const x = fitsRight && (!preferLeft || !fitsLeft) ? right : fitsLeft ? left : Math.max(0, chartW - boxW);
  const below = pointerY + BOX_GAP * 2;
  const above = pointerY - BOX_GAP - boxH;
  const y = below + boxH <= chartH ? below : above >= 0 ? above : Math.max(0, chartH - boxH);
  return { left: Math.round(x), top: Math.round(y) };
}
