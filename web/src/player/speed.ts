// Playback speeds (simulated seconds per wall second) and the size of one "step".

/** A speed: simulated seconds per wall-clock second, or as fast as the engine goes. */
export type Speed = number | 'max';

/** The ladder the +/− keys and the speed menu move along (slow motion to max). */
export const SPEEDS: readonly Speed[] = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 'max'];

/**
 * Wall time one frame may spend in the worker when the engine cannot keep up (at "max"
 * it never can): long enough that drawing frames costs little of the run, short enough
 * that pause and the knobs answer within a fraction of a second. The page stays at the
 * display's rate meanwhile (the worker computes; the main thread is free). "max" had
 * 12 ms, for ~60 views a second: where drawing took ~20 ms (256 client threads), it then
 * simulated a third as fast as 0.5x did.
 */
export const FRAME_BUDGET_MS = 100;

/** A step is at most this fraction's inverse of a run of known length: it never skips most of a short run. */
export const MIN_STEPS_PER_RUN = 8;

/**
 * Virtual ns advanced by one step: a quarter second of playback at the current speed,
 * 0.1 ms to 1 s, and at most 1/8 of the run when its length `spanNs` is known (at 4× and
 * up a step was a whole 1 s run: ← went to 0 and → back to the end).
 */
export function stepNs(speed: Speed, spanNs?: number): number {
  const s = speed === 'max' ? 30 : speed;
  const cap = spanNs && spanNs > 0 ? Math.max(1e5, Math.round(spanNs / MIN_STEPS_PER_RUN)) : 1e9;
  return Math.min(1e9, cap, Math.max(1e5, Math.round(s * 0.25 * 1e9)));
}

/** Next speed up (dir = 1) or down (dir = -1) the ladder; snaps an off-ladder speed. */
export function nextSpeed(speed: Speed, dir: 1 | -1): Speed {
  let i = SPEEDS.indexOf(speed);
  if (i < 0) {
    const v = speed === 'max' ? Infinity : speed;
    i = SPEEDS.findIndex((s) => (s === 'max' ? Infinity : s) >= v);
    if (i < 0) i = SPEEDS.length - 1;
    if (dir === 1 && SPEEDS[i] !== speed) return SPEEDS[i];
  }
  return SPEEDS[Math.min(SPEEDS.length - 1, Math.max(0, i + dir))];
}

/** "0.001×", "1×", "max". */
export function formatSpeed(speed: Speed): string {
  return speed === 'max' ? 'max' : `${speed}×`;
}

/**
 * Virtual ns to ask for in one animation frame. `wallMs` is clamped so a stalled tab
 * does not jump ahead. `estimateNs` is what the engine lately managed within a frame's
 * wall budget ([`adaptEstimate`]): "max" asks for that; a chosen speed is an upper
 * bound, so it asks for no more (a heavy scenario at 30x then still draws frames and
 * pauses promptly instead of computing seconds of wall time in one frame).
 */
export function frameAdvanceNs(speed: Speed, wallMs: number, estimateNs: number): number {
  const cap = Math.max(1e6, estimateNs);
  if (speed === 'max') return cap;
  const dt = Math.min(100, Math.max(0, wallMs));
  return Math.max(1, Math.min(cap, Math.round(speed * dt * 1e6)));
}

/**
 * Adapts the request size to the frame budget: if the engine got all the way within
 * it, allow more next time; if the budget cut it short, ask for what it managed.
 */
export function adaptEstimate(prevNs: number, requestedNs: number, advancedNs: number): number {
  if (advancedNs >= requestedNs) return Math.min(prevNs * 1.5, 3600e9);
  return Math.max(1e6, advancedNs);
}

/** "12.345 s", "850 ms", "42 µs" — simulated time for the player bar. */
export function formatSimTime(ns: number): string {
  if (ns >= 1e9) return `${(ns / 1e9).toFixed(3)} s`;
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(1)} ms`;
  return `${(ns / 1e3).toFixed(0)} µs`;
}

/** The header note for a run whose workload has run out ("done at 184.7 ms"); null while it runs. */
export function finishedText(finishedNs: number | null | undefined): string | null {
  return finishedNs === null || finishedNs === undefined ? null : `done at ${formatSimTime(finishedNs)}`;
}

/**
 * The note beside a run's label, for a run that stops at a row target: "done at 184.7 ms"
 * once its workload has run out; before, how far it is ("45,210 of 200,000 rows", from
 * Innodb_rows_inserted and the scenario's workload.max_rows `target`; "not done yet"
 * without a target); "row target not reached" when its duration ended it first. Null for
 * a run that can only end at its duration (no note).
 */
export function finishNote(
  s: { canFinish: boolean; finishedNs: number | null; done: boolean; counters?: Record<string, number> } | undefined,
  target?: number,
): string | null {
  if (!s?.canFinish) return null;
  const finished = finishedText(s.finishedNs);
  if (finished) return finished;
  if (s.done) return 'row target not reached';
  if (!target) return 'not done yet';
  return `${rowCount(s.counters?.Innodb_rows_inserted ?? 0)} of ${rowCount(target)} rows`;
}

/** "200,000": a row count with thousands separators (the same in every locale). */
function rowCount(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** The widest note a run to `target` rows shows while it runs, in characters (the note's
 * slot keeps this width from the start, so the header never reflows as digits grow). */
export function finishNoteChars(target: number | undefined): number {
  return target ? `${rowCount(target)} of ${rowCount(target)} rows`.length : 0;
}

/** One point of playback progress: wall-clock ms and the simulated time reached. */
export interface PaceSample {
  wallMs: number;
  ns: number;
}

/** Wall time over which the achieved speed is measured. */
export const PACE_WINDOW_MS = 2000;

/** `samples` with `s` appended, keeping the newest sample at or before the window's start. */
export function pushPace(samples: readonly PaceSample[], s: PaceSample, windowMs = PACE_WINDOW_MS): PaceSample[] {
  const all = [...samples, s];
  let first = 0;
  while (first + 1 < all.length && all[first + 1].wallMs <= s.wallMs - windowMs) first++;
  return all.slice(first);
}

/**
 * Simulated seconds per wall second over the samples, once they span at least a second
 * of wall time (null before, or if time went backwards: a seek or a reset).
 */
export function achievedSpeed(samples: readonly PaceSample[]): number | null {
  if (samples.length < 2) return null;
  const a = samples[0];
  const b = samples[samples.length - 1];
  const wall = b.wallMs - a.wallMs;
  if (wall < 1000 || b.ns < a.ns) return null;
  return (b.ns - a.ns) / (wall * 1e6);
}

/** Share of the chosen speed below which playback counts as slower than asked. */
export const SLOW_BELOW = 0.7;
/** Once it does, the share it must climb back above: a speed hovering near 0.7 of
 *  the chosen one does not make the badge flicker. */
export const SLOW_UNTIL = 0.85;

/**
 * True when playback runs clearly slower than the chosen speed (the engine's limit):
 * below SLOW_BELOW of it, or below SLOW_UNTIL when it was already (`wasSlow`).
 */
export function slowerThanAsked(speed: Speed, achieved: number | null, wasSlow = false): boolean {
  return speed !== 'max' && achieved !== null && achieved < (wasSlow ? SLOW_UNTIL : SLOW_BELOW) * speed;
}

/** An achieved speed as the speed menu writes speeds: "0.18×", "2.5×", "12×". */
export function formatAchieved(x: number): string {
  if (x >= 10) return `${x.toFixed(0)}×`;
  if (x >= 1) return `${x.toFixed(1)}×`;
  return `${Number(x.toPrecision(2))}×`;
}
