// What the playground's panel shows: every view (the query cache's only for a scenario
// with one) and four charts that fit any workload.
import { VIEW_NAMES, type ChartSpec, type ViewName } from '../lessons/types';
import type { PanelSim } from './ExperimentPanel';

/** Every view (the panel draws them in its own order). */
const VIEWS: ViewName[] = [...VIEW_NAMES];

/** Every view, but the query cache view only when a scenario has a query cache. */
export function viewsFor(sims: PanelSim[]): ViewName[] {
  const hasCache = sims.some((s) => {
    try {
      const k = (JSON.parse(s.json) as { server?: { query_cache?: unknown } }).server?.query_cache;
      return k === 'mysql' || k === 'aurora';
    } catch {
      return false;
    }
  });
  return hasCache ? VIEWS : VIEWS.filter((v) => v !== 'qc');
}
export const CHARTS: ChartSpec[] = [
  { column: 'qps', label: 'Queries per second', unit: 'queries/s' },
  { column: 'inserts_per_s', label: 'Inserts per second', unit: 'rows/s' },
  { column: 'latency_p95_us', label: 'p95 latency', unit: 'µs' },
  { column: 'bp_hit_rate', label: 'Buffer pool hit rate', unit: '%' },
];
