// Pure layout of a time-series chart: series rows → scales, ticks, SVG path strings,
// the article's reference line and highlight bands. No DOM; unit-tested.
import { line, max, scaleLinear } from 'd3';
import { formatSimTime } from '../../player/speed';
import { PERCENT_UNIT, formatWithUnit } from '../common/format';
import { referenceFits, tickFormat, xExtent, yExtent } from './axes';
import { LABEL_CHAR, LABEL_LINE, limitLabelPlace, placeLabels, referenceLabelPlace, type ChartLabel } from './labels';

export { referenceFits, tickFormat, xExtent, yExtent };

/** One line of the chart: rows as posted in SeriesBlock (column 0 / "t_s" = seconds). */
export interface SeriesInput {
  label: string;
  /** Line colour; default: the palette's A, B hues in order. */
  hue?: string;
  /** Alias of `hue`. */
  color?: string;
  rows: number[][];
  columns: string[];
  /** When this side's workload ran out (s), if it has: marked on the chart when the other side runs on. */
  finishedS?: number | null;
}

/** A labelled horizontal line for the article's figure, in the y column's unit. */
export interface ReferenceLine {
  value: number;
  label: string;
  /** Always within the y axis. Without it, a reference above twice the data's top is left
   *  off the scale (its label says so) rather than squashing the data into a flat line. */
  inScale?: boolean;
}

/** A shaded time span in simulated seconds (e.g. a workload phase). */
export interface Highlight {
  t0: number;
  t1: number;
}

/** The most px between two points of a drawn line that labels keep clear of (a label is 14 px high). */
const DRAWN_STEP = 6;

/** Another column of the same series drawn as a thin dotted line (e.g. a threshold). */
export interface LimitSpec {
  column: string;
  label: string;
}

/** Shade, per series, the samples where `column` > `above` (e.g. "age past the sync point"). */
export interface HighlightWhen {
  column: string;
  above: number;
  label: string;
}

/**
 * The time spans where `column` > `above`, each sample standing for the interval since the
 * previous one (series rows are end-of-interval samples). Adjacent spans are merged.
 */
export function spansWhere(s: SeriesInput, column: string, above: number): Highlight[] {
  const p = seriesPoints(s, column);
  const out: Highlight[] = [];
  for (let j = 0; j < p.length; j++) {
    const [t, v] = p[j];
    if (!(Number.isFinite(t) && v > above)) continue;
    const t0 = j > 0 && Number.isFinite(p[j - 1][0]) ? p[j - 1][0] : t;
    const last = out[out.length - 1];
    if (last && last.t1 >= t0) last.t1 = t;
    else out.push({ t0, t1: t });
  }
  return out;
}

export interface Tick {
  value: number;
  pos: number;
  label: string;
}

export interface LineModel {
  label: string;
  color: string;
  dash?: string;
  d: string; // SVG path over the defined (finite) points
  dots: { x: number; y: number }[]; // points with no finite neighbour (a path can't show them)
  last?: { x: number; y: number; value: number };
  /** The legend's value: the last sample's, and, when that sample is after the side's
   *  workload ran out, when that was ("0 rows/s, done at 1.800 s": a bare 0 read as a stall). */
  legend: string;
}

export interface TimeSeriesModel {
  empty: boolean;
  margin: { top: number; right: number; bottom: number; left: number };
  plotWidth: number;
  plotHeight: number;
  xDomain: [number, number];
  yDomain: [number, number];
  xTicks: Tick[];
  yTicks: Tick[];
  lines: LineModel[];
  reference?: { y: number; label: string; above: boolean; off?: boolean };
  /** Fixed highlights (no colour) and, from `highlightWhen`, per-series spans in the series' colour. */
  bands: { x: number; width: number; color?: string }[];
  /** Threshold lines: one per (limit, series); labelled on the first series' line, or on each with its side's letter where they end apart. */
  limitLines: { label: string; color: string; d: string; labelAt?: { x: number; y: number }; startAt?: { x: number; y: number } }[];
  /**
   * The reference's and the limits' labels as drawn: right-aligned at `x`, baseline `y`,
   * moved by whole lines where two would overprint (async and sync end a few px apart).
   */
  labels: ChartLabel[];
  /**
   * Where a side finished while the chart goes on (the other side still running): a
   * vertical line in its colour and "A done", so its rates at 0 after it read as a
   * finished run, not a stall.
   */
  finishes: { x: number; color: string; label: string; at: ChartLabel }[];
}

// B is dashed so the pair differs by more than colour (VISUAL.md).
const DEFAULT_DASHES = [undefined, '6 3', '2 3'];

/** The plot's smallest left margin, px: room for a five-character y label. */
export const MIN_LEFT = 48;

/** Index of the time column: "t_s" when present, else column 0. */
export function timeColumn(columns: string[]): number {
  const i = columns.indexOf('t_s');
  return i >= 0 ? i : 0;
}

/** [t, value] pairs of one series for `column`; non-finite values become NaN (gaps). */
export function seriesPoints(s: SeriesInput, column: string): [number, number][] {
  const ci = s.columns.indexOf(column);
  if (ci < 0) return [];
  const ti = timeColumn(s.columns);
  return s.rows.map((r) => [r[ti], Number.isFinite(r[ci]) ? r[ci] : NaN] as [number, number]);
}

/** What the chart shows (the component's props, minus presentation). */
export interface TimeSeriesInput {
  series: SeriesInput[];
  column: string;
  unit: string;
  reference?: ReferenceLine;
  highlights?: Highlight[];
  /** Extra columns drawn as dotted threshold lines. */
  limits?: LimitSpec[];
  /** Shade where a column exceeds a value, per series. */
  highlightWhen?: HighlightWhen;
  /** Default line colours in series order (the palette's A, B, then muted). */
  hues?: string[];
  /** false: the y axis spans the data instead of starting at 0 (ChartSpec.fromZero). */
  fromZero?: boolean;
}

/** The whole chart model for a `width`×`height` px SVG. */
export function layoutTimeSeries(input: TimeSeriesInput, width: number, height: number): TimeSeriesModel {
  const { series, column, unit, reference, highlights = [], limits = [], highlightWhen, hues = ['#1864ab', '#b5174f', '#545b66'], fromZero = true } = input;
  const pts = series.map((s) => seriesPoints(s, column));
  const flat = pts.flat();
  const limitPts = limits.map((l) => series.map((s) => seriesPoints(s, l.column)));
  const anyFinite = flat.some(([t, v]) => Number.isFinite(t) && Number.isFinite(v));
  const yValues = [...flat.map((p) => p[1]), ...limitPts.flat(2).map((p) => p[1])];
  const refOff = reference !== undefined && Number.isFinite(reference.value) && !reference.inScale && !referenceFits(yValues, reference.value);
  // A ratio's axis runs to 100% (from 0): query-cache step 8's 11% on an axis to 20%
  // looked high beside the quiz's 85% and the other hit-ratio charts, all 0-100%. Not
  // under an in_scale reference, which asks for the axis of the gap under it
  // (adaptive-hash-index step 12: 0.06% under the article's 1%, one line on 0-100%).
  const full = unit === PERCENT_UNIT && fromZero && !reference?.inScale ? [1] : [];
  const yDom = yExtent([...yValues, ...full], refOff ? undefined : reference?.value, fromZero);
  const xDom = xExtent(flat.filter((p) => Number.isFinite(p[1])).map((p) => p[0]));

  const yCount = Math.max(2, Math.round(height / 45));
  const y0 = scaleLinear().domain(yDom).nice(yCount);
  // A column of whole numbers (threads, pages) gets whole ticks: "1.5 threads" asleep
  // on a latch reads as a value the data can never take.
  const finiteY = yValues.filter(Number.isFinite);
  const whole = unit !== PERCENT_UNIT && finiteY.length > 0 && finiteY.every(Number.isInteger);
  const yTickValues = y0.ticks(yCount).filter((v) => !whole || Number.isInteger(v));
  const yFormat = tickFormat(y0.domain() as [number, number], yTickValues, unit);
  const yLabels = yTickValues.map(yFormat);
  // Left margin fits the widest y label (≈7.5 px per character at 13 px), and is at
  // least what five characters need ("1.25M", "1,500", "0.25"): a panel's stacked charts
  // then put the same simulated time at the same x (their axes were a few px apart).
  const left = Math.max(MIN_LEFT, 10 + 7.5 * (max(yLabels, (l) => l.length) ?? 1));
  const margin = { top: 8, right: 16, bottom: 38, left: Math.round(left) };
  const plotWidth = Math.max(10, width - margin.left - margin.right);
  const plotHeight = Math.max(10, height - margin.top - margin.bottom);
  const x = scaleLinear().domain(xDom).range([0, plotWidth]);
  const y = y0.range([plotHeight, 0]);
  const yDomain = y.domain() as [number, number];

  const xTickValues = x.ticks(Math.max(2, Math.floor(plotWidth / 70)));
  const xFormat = tickFormat(xDom, xTickValues);
  const xTicks = xTickValues.map((v) => ({ value: v, pos: x(v), label: xFormat(v) }));
  const yTicks = yTickValues.map((v, i) => ({ value: v, pos: y(v), label: yLabels[i] }));

  const path = line<[number, number]>()
    .defined((p) => Number.isFinite(p[0]) && Number.isFinite(p[1]))
    .x((p) => x(p[0]))
    .y((p) => y(p[1]));

  const colorOf = (s: SeriesInput, i: number) => s.hue ?? s.color ?? hues[Math.min(i, hues.length - 1)];
  const lines: LineModel[] = series.map((s, i) => {
    const p = pts[i];
    const ok = (j: number) => j >= 0 && j < p.length && Number.isFinite(p[j][0]) && Number.isFinite(p[j][1]);
    const dots = p
      .map((q, j) => ({ q, j }))
      .filter(({ j }) => ok(j) && !ok(j - 1) && !ok(j + 1))
      .map(({ q }) => ({ x: x(q[0]), y: y(q[1]) }));
    let last: LineModel['last'];
    let lastT = -Infinity;
    for (let j = p.length - 1; j >= 0; j--) {
      if (ok(j)) {
        last = { x: x(p[j][0]), y: y(p[j][1]), value: p[j][1] };
        lastT = p[j][0];
        break;
      }
    }
    const f = s.finishedS;
    const done = f !== undefined && f !== null && lastT > f ? `, done at ${formatSimTime(f * 1e9)}` : '';
    return {
      label: s.label,
      color: colorOf(s, i),
      dash: DEFAULT_DASHES[Math.min(i, DEFAULT_DASHES.length - 1)],
      d: path(p) ?? '',
      dots,
      last,
      legend: `${formatWithUnit(last?.value, unit)}${done}`,
    };
  });

  // A line drawn exactly where a later one is drawn (the same values at every sample:
  // aurora-reader step 10's two sides) lies under it, out of sight: its legend says so
  // (A's line looked missing, as if A had no data).
  lines.forEach((l, i) => {
    const over = lines.slice(i + 1).find((o) => o.d !== '' && o.d === l.d);
    // named by its side ("B"), not its whole label ("B: Reader (ON in the parameter group, …)")
    if (over) l.legend += ` (under ${/^(\w+):/.exec(over.label)?.[1] ?? over.label}'s line: the same values)`;
  });

  let ref: TimeSeriesModel['reference'];
  if (reference && Number.isFinite(reference.value)) {
    const label = reference.label || formatWithUnit(reference.value, unit);
    // Far above the data: no line, its label at the plot's top says where it is.
    if (refOff) ref = { y: 0, label: `↑ ${label}, above this scale`, above: false, off: true };
    else {
      const ry = y(reference.value);
      // Label above the line unless that would leave the plot.
      ref = { y: ry, label, above: ry > 20 };
    }
  }

  const band = (h: Highlight, color?: string) => {
    const a = Math.max(0, Math.min(plotWidth, x(h.t0)));
    const b = Math.max(0, Math.min(plotWidth, x(h.t1)));
    return { x: Math.min(a, b), width: Math.abs(b - a), ...(color ? { color } : {}) };
  };
  const when = highlightWhen ? series.flatMap((s, i) => spansWhere(s, highlightWhen.column, highlightWhen.above).map((h) => band(h, colorOf(s, i)))) : [];
  const bands = [...highlights.map((h) => band(h)), ...when].filter((b) => b.width > 0);

  // One label per limit while the sides' lines end together; where they end apart (a
  // bigger redo log on B: its sync line far above A's), each side's line is labelled with
  // its letter, or B's stood there unnamed.
  const limitLines: TimeSeriesModel['limitLines'] = [];
  limits.forEach((l, li) => {
    const finite = (q: [number, number]) => Number.isFinite(q[0]) && Number.isFinite(q[1]);
    const ends = series.map((_, i) => limitPts[li][i].findLast(finite));
    const apart = ends.some((e) => e && ends[0] && Math.abs(y(e[1]) - y(ends[0][1])) >= 1);
    // A side's label may go to its line's start only where the starts are apart too: at a
    // start the lines share, "requested (A)" and "(B)" sat on one spot, one pushed lines
    // away from both (adaptive-flushing step 7).
    const starts = series.map((_, i) => limitPts[li][i].find(finite));
    const startsApart = !apart || starts.every((a, i) => a && starts.every((b, j) => i === j || (b && Math.abs(y(a[1]) - y(b[1])) >= LABEL_LINE)));
    series.forEach((s, i) => {
      const end = ends[i];
      if (!end) return;
      const label = apart ? `${l.label} (${String.fromCharCode(65 + i)})` : l.label;
      const start = starts[i] ?? end;
      const at = (q: [number, number]) => ({ x: x(q[0]), y: y(q[1]) });
      limitLines.push({ label, color: colorOf(s, i), d: path(limitPts[li][i]) ?? '', ...(i === 0 || apart ? { labelAt: at(end), startAt: startsApart ? at(start) : undefined } : {}) });
    });
  });

  // The data as drawn, for the reference and limit labels to keep clear of: the points,
  // and along each segment a point every DRAWN_STEP px at most. (With only the midpoints,
  // the steep segments of a zigzag crossed a label's box between two of them.)
  const drawn = ref || limitLines.some((l) => l.labelAt)
    ? pts.flatMap((p) =>
        p.flatMap((q, j) => {
          if (!Number.isFinite(q[0]) || !Number.isFinite(q[1])) return [];
          const at = { x: x(q[0]), y: y(q[1]) };
          const n = p[j + 1];
          if (!n || !Number.isFinite(n[0]) || !Number.isFinite(n[1])) return [at];
          const to = { x: x(n[0]), y: y(n[1]) };
          const k = Math.max(2, Math.ceil(Math.hypot(to.x - at.x, to.y - at.y) / DRAWN_STEP));
          return [at, ...Array.from({ length: k - 1 }, (_, i) => ({ x: at.x + ((to.x - at.x) * (i + 1)) / k, y: at.y + ((to.y - at.y) * (i + 1)) / k }))];
        }),
      )
    : [];
  // "A done" beside its line, left of it where it would run off the plot; placed with
  // the other labels, so a reference label at the plot's top moves clear of it.
  const finishAt = series.flatMap((s, i) => {
    const f = s.finishedS;
    if (f === undefined || f === null || !(f >= xDom[0]) || f >= xDom[1] - (xDom[1] - xDom[0]) * 0.01) return [];
    const fx = x(f);
    const text = `${series.length > 1 ? `${String.fromCharCode(65 + i)} ` : ''}done`;
    const w = text.length * LABEL_CHAR;
    return [{ x: fx, color: colorOf(s, i), label: text, at: { text, x: fx + 4 + w <= plotWidth ? fx + 4 + w : fx - 4, y: 12 } }];
  });
  const placed = placeLabels(
    [
      ...finishAt.map((f) => f.at),
      ...(ref ? [referenceLabelPlace(ref.label, ref.y, plotWidth, plotHeight, drawn)] : []),
      ...limitLines.flatMap((l) => (l.labelAt ? [limitLabelPlace(l.label, l.labelAt, l.startAt, plotHeight, drawn)] : [])),
    ],
    plotHeight,
  );
  const finishes = finishAt.map((f, i) => ({ ...f, at: placed[i] }));
  const labels = placed.slice(finishAt.length);

  return {
    empty: !anyFinite,
    margin,
    plotWidth,
    plotHeight,
    xDomain: x.domain() as [number, number],
    yDomain,
    xTicks,
    yTicks,
    lines,
    reference: ref,
    bands,
    limitLines,
    labels,
    finishes,
  };
}
