// Where a run to a row target will end, estimated while it runs, so the scrubber can span
// the whole run: its thumb then moves left to right as the rows go in (it sat at the right
// end, spanning only the time run so far, and read as "finished" to two testers).
//
// The estimate scales the time run so far by the rows still to come, as from rows/target
// of the way: the thumb stands at rows/target, which only grows, even as inserts slow down
// (a table outgrowing its buffer pool) and the estimate moves later.

import { useRef } from 'react';
import type { Frame } from '../engine/frames';

/** One side's progress at a simulated time. */
export interface SideProgress {
  /** Rows inserted so far (Innodb_rows_inserted). */
  rows: number;
  /** Its row target (workload.max_rows), if it has one. */
  target?: number;
  /** When its last row went in; null while it runs. */
  finishedNs: number | null;
}

/**
 * The estimated end of a run at `timeNs` whose sides progress as `sides` say: the latest
 * side's end, a finished side's at its finish, a running one's at timeNs * target / rows.
 * Never past `capNs` (the scenario's duration, which ends a run short of its rows), nor
 * before `timeNs`. Undefined while any running side has no rows yet or no target: there
 * is nothing to scale.
 */
export function estimateEndNs(timeNs: number, sides: SideProgress[], capNs?: number): number | undefined {
  if (!sides.length || !(timeNs > 0)) return undefined;
  let end = timeNs;
  for (const s of sides) {
    if (s.finishedNs !== null) {
      end = Math.max(end, s.finishedNs);
      continue;
    }
    if (!s.target || !(s.rows > 0)) return undefined;
    end = Math.max(end, (timeNs * s.target) / s.rows);
  }
  return Math.round(capNs ? Math.min(end, capNs) : end);
}

/**
 * The estimated end of a row-target run, from the furthest frame seen since `source` (the
 * simulation) began: stepping back shows earlier frames, which must not pull the estimate
 * back. Null for a row-target run with no estimate yet (no rows in); undefined for a run
 * of set duration (`rowTarget` false).
 */
export function useEstimatedEnd(frames: Frame[] | null, targets: (number | undefined)[], capNs: number | undefined, source: unknown, rowTarget: boolean): number | null | undefined {
  const front = useRef<{ source: unknown; timeNs: number; endNs: number | undefined }>({ source: null, timeNs: -1, endNs: undefined });
  if (front.current.source !== source) front.current = { source, timeNs: -1, endNs: undefined };
  const t = frames?.length ? Math.max(...frames.map((f) => f.timeNs)) : -1;
  if (rowTarget && frames && t > front.current.timeNs) {
    // A side without a row target (an A/B pair of a row-target run and a timed one) ends at the duration.
    const sides = frames.map((f, i) =>
      f.summary?.canFinish ? { rows: f.summary.counters?.Innodb_rows_inserted ?? 0, target: targets[i], finishedNs: f.summary.finishedNs ?? null } : { rows: 0, finishedNs: capNs ?? null },
    );
    front.current = { source, timeNs: t, endNs: estimateEndNs(t, sides, capNs) };
  }
  return rowTarget ? (front.current.endNs ?? null) : undefined;
}
