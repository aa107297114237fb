// Number formatting for every chart and table (d3-format): thousands separators,
// SI prefixes where natural, binary byte sizes, percentages.
import { format } from 'd3';

const int = format(',d');
const si3 = format('.3~s');
const fixed1 = format(',.1f');
const pct1 = format('.1%');

/** Non-finite values (NaN, ±Infinity, undefined) print as an en dash. */
const DASH = '–';

/** Integer with thousands separators: 1234567 → "1,234,567". */
export function formatCount(v: number | undefined): string {
  return v === undefined || !Number.isFinite(v) ? DASH : int(Math.round(v));
}

/** The noun for a count: `one` for exactly 1, else `many` (default `one` + "s"). */
export function noun(v: number | undefined, one: string, many = `${one}s`): string {
  return v === 1 ? one : many;
}

/**
 * Compact number with an SI prefix, 3 significant digits: 12345 → "12.3k",
 * 0.000124 → "124µ", 0 → "0". Small integers stay plain (42 → "42"), and so do
 * fractions from 0.001 (a hit ratio 0.451 reads "0.451", not "451m").
 */
export function formatSI(v: number | undefined): string {
  if (v === undefined || !Number.isFinite(v)) return DASH;
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 0.001 && a < 1000) return Number.isInteger(v) ? String(v) : format('.3~r')(v);
  return si3(v);
}

/** The unit of a column that holds a fraction 0–1 (a hit ratio): its values, ticks and
 *  reference read as percentages ("45.1%"), the way MySQL's tools and the tables give them. */
export const PERCENT_UNIT = '%';

/** A value with its unit: formatWithUnit(124, 'µs') → "124 µs"; bytes with binary prefixes;
 *  a fraction in the percent unit as a percentage (0.451 → "45.1%"). */
export function formatWithUnit(v: number | undefined, unit: string): string {
  // Bytes read as the tables give them ("478 KiB", not "490k bytes").
  if (unit === 'bytes' || unit === 'B') return formatBytes(v);
  if (unit === PERCENT_UNIT) return formatPercentFine(v);
  // A "unit" that is a range ("0–1": a fraction) names the axis's scale; after a value
  // it would read as a second number ("0.73 0–1"). A small fraction stays a decimal: a
  // hit ratio of 0.000464 read "464µ", like microseconds.
  const range = /^\d/.test(unit);
  const s = range && v !== undefined && Number.isFinite(v) && v !== 0 && Math.abs(v) < 0.001 ? format('.3~r')(v) : formatSI(v);
  return unit && s !== DASH && !range ? `${s} ${unit}` : s;
}

/** A fraction as a percentage with one decimal, and two significant digits below 0.1%
 *  (a hit ratio of 0.000464 reads "0.046%", not "0.0%", which says none). */
export function formatPercentFine(v01: number | undefined): string {
  if (v01 === undefined || !Number.isFinite(v01)) return DASH;
  return v01 !== 0 && Math.abs(v01) < 0.001 ? `${format('.2~r')(v01 * 100)}%` : pct1(v01);
}

/** Fraction 0..1 as a percentage with one decimal: 0.6931 → "69.3%". */
export function formatPercent(v01: number | undefined): string {
  return v01 === undefined || !Number.isFinite(v01) ? DASH : pct1(v01);
}

/** One decimal with separators: 1234.56 → "1,234.6". */
export function formatDecimal(v: number | undefined): string {
  return v === undefined || !Number.isFinite(v) ? DASH : fixed1(v);
}

const BINARY = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** Bytes with binary prefixes (information_schema sizes are powers of 1024): 16384 → "16 KiB". */
export function formatBytes(v: number | undefined): string {
  if (v === undefined || !Number.isFinite(v)) return DASH;
  let x = Math.abs(v);
  let i = 0;
  while (x >= 1024 && i < BINARY.length - 1) {
    x /= 1024;
    i++;
  }
  const digits = i === 0 || x >= 100 ? 0 : x >= 10 ? 1 : 2;
  let s = format(`,.${digits}f`)(x);
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  return `${v < 0 ? '-' : ''}${s} ${BINARY[i]}`;
}

/** Fixed decimals: formatFixed(0.7012, 2) → "0.70". */
export function formatFixed(v: number | undefined, digits: number): string {
  return v === undefined || !Number.isFinite(v) ? DASH : format(`,.${digits}f`)(v);
}

/** What an empty chart or sample list says: before the run starts, to press play;
 *  once simulated time has moved, that the first sample is still to come (a slow
 *  scenario can take a few wall seconds to reach it). */
export function noSamplesText(started: boolean): string {
  // Not "Running: …": time has moved, but the run may be paused (a scrub to 60 ms said "Running").
  return started ? 'No sample yet: the first comes a little further into the run' : 'No data yet: press play';
}
