// Pure layout of the metrics table: Summary.counters of each side (A, B…) → rows in
// reading order with formatted values and, for a pair, the B ÷ A ratio.
import type { Summary } from '../../engine/frames';
import { formatCount } from '../../charts/common/format';
import { counterHelp, counterOrder } from './counters';

export interface MetricsRow {
  name: string;
  help: string;
  values: (number | undefined)[];
  cells: string[]; // formatted values, "–" when a side lacks the counter
  ratio?: string; // B ÷ A when exactly two sides, e.g. "15.2×"
}

/**
 * Rows for every counter present on any side; without a query cache on any side
 * (`queryCache` false), not the query cache's counters (Qcache_ and the lock's qcache_),
 * which then stay 0 (fourteen rows of zeros in every B+tree and AHI lesson).
 */
export function metricsRows(frames: { label: string; summary: Summary }[], queryCache = true): MetricsRow[] {
  const names = new Set<string>();
  for (const f of frames) for (const k of Object.keys(f.summary.counters)) if (queryCache || !/^qcache_/i.test(k)) names.add(k);
  return [...names].sort(counterOrder).map((name) => {
    const values = frames.map((f) => f.summary.counters[name]);
    const row: MetricsRow = { name, help: counterHelp(name), values, cells: values.map(formatCount) };
    if (frames.length === 2) row.ratio = formatRatio(values[0], values[1]);
    return row;
  });
}

/** B ÷ A as "2.24×"; "–" when undefined or A is 0 (unless both are 0: "1×"). */
export function formatRatio(a: number | undefined, b: number | undefined): string {
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b)) return '–';
  if (a === 0) return b === 0 ? '1×' : '–';
  const r = b / a;
  return `${r >= 100 ? formatCount(r) : r.toPrecision(3).replace(/\.?0+$/, '')}×`;
}
