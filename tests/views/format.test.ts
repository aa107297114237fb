// Number formatting shared by every chart and table (d3-format).
import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatFixed, formatPercent, formatSI, formatWithUnit, noSamplesText, noun } from '../../web/src/charts/common/format';
import { formatRatio } from '../../web/src/views/metrics/layout';

describe('format', () => {
  it('an empty chart asks for play before the run, and says a sample is coming after', () => {
    expect(noSamplesText(false)).toBe('No data yet: press play');
    expect(noSamplesText(true)).toBe('No sample yet: the first comes a little further into the run');
  });
  it('counts with thousands separators', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(12.6)).toBe('13');
    expect(formatCount(undefined)).toBe('–');
  });
  it('the noun for a count: singular for exactly 1 only', () => {
    expect(noun(1, 'leaf page')).toBe('leaf page');
    expect([0, 2, 1234].map((v) => noun(v, 'leaf page'))).toEqual(['leaf pages', 'leaf pages', 'leaf pages']);
    expect(noun(1, 'query', 'queries')).toBe('query');
    expect(noun(3, 'query', 'queries')).toBe('queries');
    expect(noun(undefined, 'block')).toBe('blocks');
  });
  it('SI prefixes, 3 significant digits, plain small numbers', () => {
    expect(formatSI(12345)).toBe('12.3k');
    expect(formatSI(2_000_000)).toBe('2M');
    expect(formatSI(0.000124)).toBe('124µ');
    expect(formatSI(42)).toBe('42');
    expect(formatSI(1.5)).toBe('1.5');
    expect(formatSI(0.451)).toBe('0.451');
    expect(formatSI(0.00125)).toBe('0.00125');
    expect(formatSI(0)).toBe('0');
    expect(formatSI(NaN)).toBe('–');
    expect(formatWithUnit(124, 'µs')).toBe('124 µs');
    expect(formatWithUnit(NaN, 'µs')).toBe('–');
    expect(formatWithUnit(489472, 'bytes')).toBe('478 KiB'); // as the counters table says it, not "489k bytes"
    expect(formatWithUnit(16384, 'B')).toBe('16 KiB');
    expect(formatWithUnit(NaN, 'bytes')).toBe('–');
    expect(formatWithUnit(0.728, '0–1')).toBe('0.728'); // a scale, not a unit
    expect(formatWithUnit(0.000464, '0–1')).toBe('0.000464'); // a small ratio, not "464µ"
    // the percent unit: a fraction read as a percentage, small ones with two digits, not "0.0%"
    expect(formatWithUnit(0.4513, '%')).toBe('45.1%');
    expect(formatWithUnit(1, '%')).toBe('100.0%');
    expect(formatWithUnit(0.000464, '%')).toBe('0.046%');
    expect(formatWithUnit(0, '%')).toBe('0.0%');
    expect(formatWithUnit(NaN, '%')).toBe('–');
    expect(formatWithUnit(3, '% of the log')).toBe('3 % of the log');
  });
  it('bytes with binary prefixes, as information_schema sizes are', () => {
    expect(formatBytes(16384)).toBe('16 KiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(1016)).toBe('1,016 B');
    expect(formatBytes(104.53 * 2 ** 30)).toBe('105 GiB');
    expect(formatBytes(54.74 * 2 ** 30)).toBe('54.7 GiB');
  });
  it('percent, fixed and ratios', () => {
    expect(formatPercent(Math.LN2)).toBe('69.3%');
    expect(formatFixed(0.70123, 2)).toBe('0.70');
    expect(formatRatio(79.27, 177.57)).toBe('2.24×');
    expect(formatRatio(10, 25)).toBe('2.5×');
    expect(formatRatio(1, 250)).toBe('250×');
    expect(formatRatio(1, 1234)).toBe('1,234×');
    expect(formatRatio(0, 0)).toBe('1×');
    expect(formatRatio(0, 3)).toBe('–');
  });
});
