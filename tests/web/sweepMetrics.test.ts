import { describe, expect, it } from 'vitest';
import { SWEEP_METRICS, type SweepRow } from '../../web/src/engine/frames';
import { formatMetric, metricValue, SWEEP_METRIC_LABELS } from '../../web/src/ui/sweepMetrics';

const row: SweepRow = {
  seconds: 1,
  selectsPerS: 114188,
  qps: 114188,
  hitRate: 0.7812,
  queriesInCache: 545,
  inserts: 3323,
  lowmemPrunes: 2778,
  notCached: 0,
  freeMemory: 489472,
  freeBlocks: 139,
  latencyP95Us: 31400,
};

describe('sweep table metrics', () => {
  it('every sweep row field has a heading', () => {
    for (const m of SWEEP_METRICS) expect(SWEEP_METRIC_LABELS[m]).toMatch(/\S/);
    expect(SWEEP_METRIC_LABELS.hitRate).toBe('hit ratio');
  });
  it('reads a row, and null for a run not finished', () => {
    expect(metricValue(row, 'lowmemPrunes')).toBe(2778);
    expect(metricValue(null, 'hitRate')).toBeNull();
    expect(metricValue(undefined, 'hitRate')).toBeNull();
  });
  it('formats each kind of value as the text speaks of it', () => {
    expect(formatMetric(row.hitRate, 'hitRate')).toBe('78.1%');
    expect(formatMetric(0, 'hitRate')).toBe('0.0%');
    expect(formatMetric(row.freeMemory, 'freeMemory')).toBe('478 KiB');
    expect(formatMetric(row.latencyP95Us, 'latencyP95Us')).toBe('31.4 ms');
    expect(formatMetric(124, 'latencyP95Us')).toBe('124 µs');
    expect(formatMetric(row.selectsPerS, 'selectsPerS')).toBe('114k');
    expect(formatMetric(row.freeBlocks, 'freeBlocks')).toBe('139');
    expect(formatMetric(null, 'hitRate')).toBe('–');
    expect(formatMetric(Number.NaN, 'qps')).toBe('–');
  });
});
