// Accumulates the series rows that frames deliver incrementally (pure).

import type { SeriesBlock } from '../engine/frames';

/** All samples so far of one simulation. */
export interface SeriesData {
  columns: string[];
  rows: number[][];
}

/**
 * Appends a block; rows at or after `block.firstIndex` are replaced (after a restore the
 * engine resends from the checkpoint). Returns a new object when anything changed.
 */
export function mergeSeries(acc: SeriesData | null, block: SeriesBlock): SeriesData {
  const base = acc && sameColumns(acc.columns, block.columns) ? acc.rows : [];
  if (block.rows.length === 0 && block.firstIndex >= base.length && acc && base === acc.rows) return acc;
  // (A gap — firstIndex past what we hold — cannot happen with one consumer per worker.)
  const rows = base.slice(0, Math.min(base.length, block.firstIndex));
  for (const r of block.rows) rows.push(r);
  return { columns: block.columns, rows };
}

function sameColumns(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((c, i) => c === b[i]);
}

/** Values of one column (by name), paired with time (column 0), for charts. */
export function columnPoints(data: SeriesData, column: string): { t: number; v: number }[] {
  const i = data.columns.indexOf(column);
  if (i < 0) return [];
  return data.rows.map((r) => ({ t: r[0], v: r[i] }));
}
