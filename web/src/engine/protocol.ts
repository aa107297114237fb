// Messages between the engine client (main thread) and the worker. One request is in
// flight at a time; every request carries an id echoed by its response.

import type { EngineErrorData } from './errors';
import type { Frame, IndexInfo, SweepRow } from './frames';

/** One value of a sweep: set at the sweep's path, or a mapping of several paths to values. */
export type SweepValue = number | string | boolean | Record<string, number | string | boolean>;

/** A finished run of a sweep: value index, side (0 = A) and its row. */
export interface SweepDone {
  value: number;
  side: number;
  row: SweepRow;
}

/** Arguments and results of every command, keyed by command name. */
export interface Commands {
  /** Create one simulation per scenario JSON (A, optionally B); replaces any existing. */
  create: { args: { scenarios: string[] }; result: { indexes: IndexInfo[][]; scenarios: string[]; columns: string[][] } };
  /**
   * Run every simulation to the same virtual time (lockstep). With `budgetMs` the worker
   * stops early once that much wall time is spent; `timeNs` is the time reached.
   * `seek`: a jump (step back, scrub, replay after a crash), not playback: the next frame
   * flags no page as "split just now" for splits made on the way.
   */
  runTo: { args: { tNs: number; budgetMs?: number; seek?: boolean }; result: RunResult };
  /**
   * One Frame per simulation, with the series rows and events since the previous frame.
   * `statusText`: a STATUS view is showing; frames then carry status_text() when it is due.
   */
  frame: { args: { statusText?: boolean }; result: { frames: Frame[] } };
  /**
   * status_text() of every simulation where it is due (statusThrottle.ts), null where not:
   * for a STATUS view while paused, when no frame comes to carry it.
   */
  status: { args: Record<string, never>; result: { texts: (string | null)[]; timeNs: number[] } };
  /** Runtime knob on every simulation (recorded in the engine's command log). */
  setKnob: { args: { name: string; value: number }; result: RunResult };
  /** Checkpoint every simulation; the token names the set. */
  snapshot: { args: Record<string, never>; result: { token: number; timeNs: number; bytes: number } };
  restore: { args: { token: number }; result: RunResult };
  dropSnapshot: { args: { token: number }; result: Record<string, never> };
  /** Records of one leaf page (zoom into the tree), for simulation `sim` (0 = A). */
  pageRecords: { args: { sim: number; index: number; leaf: number; max: number }; result: { json: string } };
  defaultScenario: { args: Record<string, never>; result: { json: string } };
  validate: { args: { json: string }; result: { errors: { path: string; message: string }[] } };
  dispose: { args: Record<string, never>; result: Record<string, never> };
  /**
   * Prepare a sweep: each scenario (A[, B]) with `path` set to each value, validated now
   * (a bad value throws, naming the path). Runs go value by value, A then B. Separate from
   * the simulations of `create`.
   */
  sweepStart: { args: { scenarios: string[]; path: string; values: SweepValue[] }; result: { count: number } };
  /** Run the sweep for about `budgetMs` of wall time; the runs finished meanwhile, overall progress 0..1. */
  sweepStep: { args: { budgetMs: number }; result: { completed: SweepDone[]; progress: number; done: boolean } };
  /** Drop the sweep in progress. */
  sweepCancel: { args: Record<string, never>; result: Record<string, never> };
  /** Test-only: makes simulation A panic (see engine/debugHook.ts); answers with a 'panic' error. */
  debugPanic: { args: Record<string, never>; result: Record<string, never> };
}

export type CommandName = keyof Commands;

/** Where the simulations are after a command that moves time. */
export interface RunResult {
  timeNs: number; // the common virtual time (max over sims)
  done: boolean[]; // per sim: scenario's run target reached
}

/** main -> worker */
export type Request = {
  [K in CommandName]: { id: number; type: K; args: Commands[K]['args'] };
}[CommandName];

/** worker -> main */
export type Response =
  | { id: number; ok: true; result: Commands[CommandName]['result'] }
  | { id: number; ok: false; error: EngineErrorData };

/** The buffers of frames that can be transferred instead of copied. */
export function frameTransferables(frames: Frame[]): ArrayBuffer[] {
  const seen = new Set<ArrayBuffer>();
  for (const f of frames) {
    for (const a of [...f.leafFill, ...f.leafState, ...f.upper, f.pool, f.threadStates, f.qcBlocks]) {
      if (a.buffer instanceof ArrayBuffer) seen.add(a.buffer);
    }
  }
  return [...seen];
}

/** Minimal structural check on something received by the worker. */
export function isRequest(v: unknown): v is Request {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.id === 'number' && typeof o.type === 'string' && typeof o.args === 'object' && o.args !== null;
}
