// What each field of a sweep row is called in a table heading, and how its value reads:
// a hit ratio as a percentage, free memory in bytes, a latency in µs or ms, counts and
// rates with SI prefixes.
import type { SweepMetric, SweepRow } from '../engine/frames';
import { formatBytes, formatPercent, formatSI } from '../charts/common/format';

/** A column heading per SweepRow metric, short enough for a table. */
export const SWEEP_METRIC_LABELS: Record<SweepMetric, string> = {
  selectsPerS: 'SELECT/s',
  qps: 'queries/s',
  hitRate: 'hit ratio',
  queriesInCache: 'results cached',
  inserts: 'Qcache_inserts',
  lowmemPrunes: 'Qcache_lowmem_prunes',
  notCached: 'Qcache_not_cached',
  freeMemory: 'Qcache_free_memory',
  freeBlocks: 'Qcache_free_blocks',
  latencyP95Us: 'p95 latency',
};

/** The value of `metric` in a row (null for a run not finished). */
export function metricValue(row: SweepRow | null | undefined, metric: SweepMetric): number | null {
  return row ? row[metric] : null;
}

/** A metric's value as the table shows it; an en dash for none. */
export function formatMetric(v: number | null | undefined, metric: SweepMetric): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '–';
  switch (metric) {
    case 'hitRate':
      return formatPercent(v);
    case 'freeMemory':
      return formatBytes(v);
    case 'latencyP95Us':
      return v >= 1000 ? `${formatSI(v / 1000)} ms` : `${formatSI(v)} µs`;
    default:
      return formatSI(v);
  }
}
