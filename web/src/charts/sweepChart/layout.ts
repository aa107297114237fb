// Pure layout of a sweep chart: one group of bars per swept value (e.g. cache size), in
// each group a solid bar per side (A, B: the simulated value) and, where the article gives
// one, an outlined bar beside it (the article's figure), on one linear y axis. No DOM.
import { max, scaleBand, scaleLinear } from 'd3';

export interface SweepSideInput {
  label: string;
  /** Simulated values per swept value; null = not run (yet). */
  values: (number | null)[];
  /** The article's figures per swept value; null = none given. */
  reference?: (number | null)[];
}

export interface SweepBar {
  side: number;
  cat: number;
  kind: 'sim' | 'article';
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The value as text above the bar (empty when even upright it has no room; see `title`). */
  text: string;
  /** The text stands upright (rotated a quarter turn), reading up from the bar's top: it is
   *  wider than the bar's slot, but one line of it fits across. */
  upright: boolean;
  title: string;
}

export interface SweepChartLayout {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
  plotHeight: number;
  bars: SweepBar[];
  cats: { x: number; width: number; label: string }[];
  ticks: { y: number; label: string }[];
  /** Slots per group: sides × (sim + article when any side has a reference). */
  slots: number;
  /** Nothing to draw yet (no run, no article figure): no ticks either. */
  empty: boolean;
}

// top: room for the unit above the highest tick ("SELECT/s" touched "1M" below it)
export const SWEEP_MARGIN = { top: 24, right: 8, bottom: 34, left: 56 };
/** Narrowest bar that carries its value as text. */
export const MIN_TEXT_BAR = 22;
/** A bar's value text: its font size, and the width of a character at it (about 0.6 em for
 *  digits and k/M): a text wider than its bar's slot ran into the next ("103k119k"). */
export const BAR_TEXT_FONT = 12;
const CHAR_W = 0.6 * BAR_TEXT_FONT;
/** Room between two bars' texts (with their halos) for them to read apart. */
const TEXT_GAP = 4;
/** Room between two upright texts: their glyphs fill ~3/4 of a line, the rest parts them. */
const UPRIGHT_GAP = 2;
/** Room between a bar's top and its text. */
export const BAR_TEXT_LIFT = 3;
/** The highest a text reaches: the unit's line, above the plot, is left of it. */
const TEXT_CEILING = 2;

/**
 * How a value's text fits over its bar: across when it fits the bar's slot, else upright
 * when a line of text fits the slot, else not at all. Upright texts were left out before,
 * all but one: MySQL's 23k at 16 GB, a bar a few pixels high, kept its text across at any
 * width, and at 1366 px it ran into Aurora's bar beside it.
 */
function textFit(text: string, barWidth: number, slot: number): 'across' | 'upright' | 'none' {
  if (barWidth >= MIN_TEXT_BAR && text.length * CHAR_W + TEXT_GAP <= slot) return 'across';
  // Upright, a line's thickness is the font's size; digits and k/M fill ~3/4 of it.
  return BAR_TEXT_FONT + UPRIGHT_GAP <= slot ? 'upright' : 'none';
}

/** How far a text reaches above its bar's top. */
function textReach(text: string, fit: 'across' | 'upright' | 'none'): number {
  return fit === 'none' ? 0 : BAR_TEXT_LIFT + (fit === 'across' ? BAR_TEXT_FONT : text.length * CHAR_W);
}

export function layoutSweepChart(
  labels: string[],
  sides: SweepSideInput[],
  width: number,
  height: number,
  fmt: (v: number) => string,
): SweepChartLayout {
  const m = SWEEP_MARGIN;
  const W = Math.max(120, Math.floor(width));
  const plotW = W - m.left - m.right;
  const plotH = Math.max(40, height - m.top - m.bottom);
  const withRef = sides.some((s) => s.reference?.some((v) => v !== null && v !== undefined));
  const slotNames: { side: number; kind: 'sim' | 'article' }[] = [];
  sides.forEach((_, i) => {
    slotNames.push({ side: i, kind: 'sim' });
    if (withRef) slotNames.push({ side: i, kind: 'article' });
  });
  const x = scaleBand<number>().domain(labels.map((_, i) => i)).range([0, plotW]).paddingInner(0.2).paddingOuter(0.1);
  const inner = scaleBand<number>().domain(slotNames.map((_, i) => i)).range([0, x.bandwidth()]).padding(0.08);
  const all = sides.flatMap((s) => [...s.values, ...(s.reference ?? [])]).filter((v): v is number => v !== null && v !== undefined && Number.isFinite(v));
  const yMax = (max(all) ?? 0) > 0 ? (max(all) as number) : 1;
  const y = scaleLinear().domain([0, yMax]).nice(5);
  const top = y.domain()[1];
  const bw = inner.bandwidth();
  const items: { c: number; k: number; v: number; fit: ReturnType<typeof textFit> }[] = [];
  labels.forEach((_, c) => {
    slotNames.forEach((slot, k) => {
      const s = sides[slot.side];
      const v = slot.kind === 'sim' ? s.values[c] : s.reference?.[c];
      if (v === null || v === undefined || !Number.isFinite(v)) return;
      items.push({ c, k, v, fit: textFit(fmt(v), bw, inner.step()) });
    });
  });
  // Headroom under the plot's top edge for the texts of the tallest bars: with the axis's
  // top at \`room\`, a bar at fraction f of it has its top at f·room + (1 − f)·plotH, and
  // its text must end below the ceiling (the headroom is at most half the plot).
  let room = 0;
  for (const it of items) {
    const f = Math.max(0, it.v) / top;
    const need = textReach(fmt(it.v), it.fit) + TEXT_CEILING - m.top;
    if (f > 0 && need > 0) room = Math.max(room, (need - (1 - f) * plotH) / f);
  }
  y.range([plotH, Math.min(plotH / 2, room)]);
  const bars: SweepBar[] = items.map(({ c, k, v, fit }) => {
    const slot = slotNames[k];
    const s = sides[slot.side];
    const barTop = m.top + y(Math.max(0, v));
    const who = slot.kind === 'sim' ? `${s.label}, simulated` : `${s.label}, article`;
    return {
      side: slot.side,
      cat: c,
      kind: slot.kind,
      value: v,
      x: m.left + (x(c) ?? 0) + (inner(k) ?? 0),
      y: barTop,
      width: bw,
      height: m.top + plotH - barTop,
      text: fit === 'none' ? '' : fmt(v),
      upright: fit === 'upright',
      title: `${labels[c]}: ${who} ${fmt(v)}`,
    };
  });
  return {
    width: W,
    height: m.top + plotH + m.bottom,
    margin: m,
    plotHeight: plotH,
    bars,
    cats: labels.map((label, c) => ({ x: m.left + (x(c) ?? 0), width: x.bandwidth(), label })),
    ticks: bars.length ? y.ticks(5).map((t) => ({ y: m.top + y(t), label: fmt(t) })) : [],
    slots: slotNames.length,
    empty: bars.length === 0,
  };
}

/** Each value relative to the first (the baseline, e.g. "off"); NaN where unknown. */
export function relativeToFirst(values: (number | null)[]): number[] {
  const base = values[0];
  return values.map((v) => (v !== null && base !== null && base !== undefined && base > 0 ? v / base : NaN));
}
