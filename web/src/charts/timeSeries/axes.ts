// The time-series chart's axes: the y and x domains and the y labels' format. Pure
// functions, unit-tested through layout.ts, which re-exports them.
import { format, max, min } from 'd3';
import { PERCENT_UNIT } from '../common/format';

/**
 * Axis labels: SI prefixes from 10,000 up ("20k", "1.5M"), otherwise plain decimals with
 * separators and just enough digits for the tick step ("0.25", "1,500", "12.5").
 */
export function tickFormat(domain: [number, number], ticks: number[], unit = ''): (v: number) => string {
  if (unit === PERCENT_UNIT) {
    // Fractions as percentages, with the decimals their step needs ("0%, 25%", "0.5%, 1%").
    const step = ticks.length > 1 ? Math.abs(ticks[1] - ticks[0]) * 100 : 100;
    return format(`.${Math.max(0, Math.min(4, -Math.floor(Math.log10(step) + 1e-9)))}~%`);
  }
  const big = Math.max(Math.abs(domain[0]), Math.abs(domain[1])) >= 1e4;
  if (big) return format('.3~s');
  const step = ticks.length > 1 ? Math.abs(ticks[1] - ticks[0]) : 1;
  const digits = Math.max(0, Math.min(6, -Math.floor(Math.log10(step) + 1e-9)));
  return format(`,.${digits}~f`);
}

/**
 * Whether a reference value belongs on the y axis beside `values`: not when it is more
 * than twice their largest (the bug report's 2M above a 0.5M run squashed the run into
 * the chart's bottom quarter). With no data yet, it does.
 */
export function referenceFits(values: number[], reference: number): boolean {
  const top = max(values.filter(Number.isFinite));
  return top === undefined || !(top > 0) || reference <= 2 * top;
}

/**
 * y domain over every finite value plus the reference; starts at 0 for non-negative data
 * unless `fromZero` is false (then it spans the values).
 */
export function yExtent(values: number[], reference?: number, fromZero = true): [number, number] {
  const all = values.filter(Number.isFinite);
  if (reference !== undefined && Number.isFinite(reference)) all.push(reference);
  if (all.length === 0) return [0, 1];
  const lo = fromZero ? Math.min(0, min(all) ?? 0) : (min(all) ?? 0);
  let hi = max(all) ?? 1;
  if (hi === lo) hi = lo === 0 ? 1 : lo + Math.abs(lo);
  return [lo, hi];
}

/** x domain from 0 to the last sample time ([0, 1] without one past 0). */
export function xExtent(times: number[]): [number, number] {
  const ts = times.filter(Number.isFinite);
  if (ts.length === 0) return [0, 1];
  const lo = min(ts) ?? 0;
  const hi = max(ts) ?? 1;
  // Simulated time starts at 0, and so does the axis: from the first sample, a run
  // sampled once (10,000 rows done in 92 ms) had an axis from 0.09196 to 0.09203 s.
  const start = Math.min(0, lo);
  return hi > start ? [start, hi] : [start, start + 1];
}
