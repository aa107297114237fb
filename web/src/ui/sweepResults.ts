// A sweep's results outlive its panel for the page's lifetime: a sweep point is seconds of
// compute, so a reader who runs the size sweep, reads on to the next experiment and comes
// back finds the bars where they left them, and a seed or knob changed and changed back
// brings back the results for those settings. Results are filed under the exact scenarios
// and sweep they were computed for; anything else never sees them.

import type { SweepRow } from '../engine/frames';
import type { SweepSpec } from '../lessons/types';

/**
 * Where a sweep is: `stopped` is a sweep left (the panel changed experiment, or the page
 * went) while it ran; its finished runs stay like a cancelled one's.
 */
export type SweepStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'stopped' | 'error';

export interface SweepState {
  status: SweepStatus;
  progress: number; // 0..1
  /** rows[side][value] */
  rows: (SweepRow | null)[][];
  finished: number;
  error?: string;
}

/** The identity of a sweep's results: the scenarios it ran (knobs and seed included) and the sweep. */
export function sweepKey(sims: readonly { json: string }[] | null, sweep: SweepSpec): string {
  return JSON.stringify([sims?.map((s) => s.json) ?? null, sweep]);
}

export function emptySweep(sides: number, values: number): SweepState {
  return {
    status: 'idle',
    progress: 0,
    rows: Array.from({ length: sides }, () => Array.from({ length: values }, () => null)),
    finished: 0,
  };
}

/** Sweeps kept per page (least recently stored dropped first): each is a few rows of numbers. */
export const KEPT_SWEEPS = 32;

/** Results by sweepKey, most recently stored last. */
export class SweepResults {
  private readonly byKey = new Map<string, SweepState>();

  constructor(private readonly limit = KEPT_SWEEPS) {}

  /** Files a state with any result (an idle, empty one is not worth keeping). */
  put(key: string, state: SweepState): void {
    if (state.status === 'idle') return;
    this.byKey.delete(key);
    this.byKey.set(key, state);
    while (this.byKey.size > this.limit) this.byKey.delete(this.byKey.keys().next().value as string);
  }

  /** The state to show for `key`: what was stored, with a run that was under way shown as stopped. */
  get(key: string): SweepState | null {
    const s = this.byKey.get(key);
    if (!s) return null;
    return s.status === 'running' ? settled(s, 'stopped') : s;
  }

  get size(): number {
    return this.byKey.size;
  }
}

/**
 * A running sweep brought to an end (cancelled, or stopped by leaving it): its progress
 * falls back to the runs it finished (the run under way is lost), so the bar agrees
 * with "after N of M runs".
 */
export function settled(s: SweepState, status: 'cancelled' | 'stopped'): SweepState {
  const total = s.rows.reduce((n, side) => n + side.length, 0);
  return { ...s, status, progress: total > 0 ? s.finished / total : 0 };
}

/** The page's one store. */
export const sweepResults = new SweepResults();

/**
 * Why a sweep shows no results after its scenarios changed under it: the same sweep, and
 * the results it had were computed for other knob values or another seed. Null when the
 * panel moved to another sweep, or there was nothing to lose.
 */
export function replacedNote(prev: { key: string; sweep: SweepSpec; state: SweepState } | null, sweep: SweepSpec, now: SweepState): string | null {
  if (!prev || now.finished > 0 || prev.state.finished === 0) return null;
  if (JSON.stringify(prev.sweep) !== JSON.stringify(sweep)) return null;
  return 'The seed or a knob changed, so the sweep shown before no longer applies (its results come back if you set them as they were). Run the sweep for these settings.';
}
