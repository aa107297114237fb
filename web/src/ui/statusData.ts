// Keeps the latest SHOW ENGINE INNODB STATUS text of each simulation as frames arrive
// (pure). Most frames carry none; a text from a later time than the frame shown (after
// a step back) is dropped, since it describes a future that was undone.

import type { Frame } from '../engine/frames';

/** One status text and the virtual time it describes. */
export interface StatusSnapshot {
  text: string;
  timeNs: number;
}

/** The status per simulation after `frames`; returns `prev` itself when nothing changed. */
export function mergeStatus(prev: (StatusSnapshot | null)[], frames: Pick<Frame, 'timeNs' | 'statusText'>[]): (StatusSnapshot | null)[] {
  let changed = prev.length !== frames.length;
  const next = frames.map((f, i) => {
    const old = prev[i] ?? null;
    const now = f.statusText !== undefined ? { text: f.statusText, timeNs: f.timeNs } : old && old.timeNs <= f.timeNs ? old : null;
    if (now !== old) changed = true;
    return now;
  });
  return changed ? next : prev;
}

/** True when some simulation's status is missing or older than its frame (worth a refresh). */
export function statusStale(status: (StatusSnapshot | null)[], frames: Pick<Frame, 'timeNs'>[]): boolean {
  return frames.some((f, i) => f.timeNs > 0 && (status[i]?.timeNs ?? -1) < f.timeNs);
}
