// The player's types: what it needs from the engine, its options, the state it shows
// and the controls it gives (usePlayer.ts implements them).

import type { Frame } from '../engine/frames';
import type { RunResult } from '../engine/protocol';
import type { SnapshotStore } from './snapshots';
import type { PaceSample, Speed } from './speed';

/** What the player needs from the engine (EngineClient implements it). */
export interface PlayerEngine {
  runTo(tNs: number, budgetMs?: number, seek?: boolean): Promise<RunResult>;
  frame(): Promise<Frame[]>;
  /** `bytes`: what one checkpoint of the simulations costs (for the memory budget). */
  snapshot(): Promise<{ token: number; timeNs: number; bytes?: number }>;
  restore(token: number): Promise<RunResult>;
  dropSnapshot(token: number): Promise<void>;
  /** Re-create the same simulations at t = 0 (used when no checkpoint is early enough). */
  recreate(): Promise<void>;
}

/** A ready engine: `generation` changes whenever the simulations are (re)created. */
export interface PlayerSource {
  engine: PlayerEngine;
  generation: number;
  startNs: number; // virtual time the simulations are at when handed over
}

export interface PlayerOptions {
  source: PlayerSource | null;
  defaultSpeed: Speed;
  keyboard: boolean; // handle Space, arrows, +/− on the window
  /** ←/→ step (default true). Presenter mode gives the arrows to the slides; `,` and `.` always step. */
  arrowKeys?: boolean;
  /** Where the run ends, when its scenario says (a set duration): a step is at most 1/8 of it. */
  endNs?: number;
  onFrames: (frames: Frame[]) => void;
  onError: (e: unknown) => void;
}

export interface PlayerState {
  playing: boolean;
  speed: Speed;
  timeNs: number;
  maxTimeNs: number; // furthest time reached (scrub range)
  done: boolean; // every simulation reached its run target
  /** While playing: simulated seconds per wall second over the last ~2 s (null until known). */
  achievedSpeed: number | null;
  /** While playing: clearly slower than the chosen speed (with hysteresis, see slowerThanAsked). */
  slow: boolean;
  /** A seek under way for longer than SEEK_NOTICE_MS: where it is going (null otherwise). */
  seekingNs: number | null;
  /** Play was pressed while the simulation was being built: it starts when it is ready. */
  startsWhenReady: boolean;
  /** Steps ("." or →) pressed while the simulation was being built, less those taken
   *  back: taken as soon as it is ready. */
  stepsWhenReady: number;
}

/** A seek that takes longer than this says where it is going. */
export const SEEK_NOTICE_MS = 300;

export interface Player extends PlayerState {
  play(): void;
  pause(): void;
  toggle(): void;
  stepForward(): void;
  stepBack(): void;
  seek(tNs: number): void;
  setSpeed(s: Speed): void;
  faster(): void;
  slower(): void;
  reset(): void;
}

/** The player's mutable state between renders (usePlayer keeps it in a ref). */
export interface Internal {
  playing: boolean;
  speed: Speed;
  timeNs: number;
  maxTimeNs: number;
  done: boolean;
  store: SnapshotStore;
  chain: Promise<void>;
  /** Virtual ns the engine lately managed within a frame's wall budget. */
  estimateNs: number;
  lastWallMs: number | null;
  generation: number;
  /** Progress while playing, for the achieved speed; cleared on play, pause, speed change. */
  pace: PaceSample[];
  /** Whether the last published state said "slower than asked". */
  slow: boolean;
  /** The latest seek (a later one supersedes it) and, once it takes a while, its target. */
  seekId: number;
  seekingNs: number | null;
  /** The chunk size the last seek ended with (seek.ts): the next one starts there. */
  seekChunkNs: number;
  /** Play was asked for while the simulation was still being built: it starts when ready. */
  playWhenReady: boolean;
  /** Steps forward (. or ⏭) pressed while it was being built, less steps back: taken when ready. */
  stepsWhenReady: number;
  /** When (wall ms) a playing run last reached its end, for {@link pressJustMissedPause}. */
  endedAtMs: number | null;
}

/** How long after a playing run ends a press of Play/Pause (or Space) still means Pause. */
export const PAUSE_GRACE_MS = 400;

/**
 * A press that reaches a finished run within {@link PAUSE_GRACE_MS} of its end was aimed at
 * Pause: the run ended between the reader's decision and the press, and the button under
 * their pointer had just turned into Replay (the run they wanted to stop on started again
 * from t = 0). It does nothing: the run is stopped, as they wanted.
 */
export function pressJustMissedPause(endedAtMs: number | null, nowMs: number): boolean {
  return endedAtMs !== null && nowMs - endedAtMs >= 0 && nowMs - endedAtMs < PAUSE_GRACE_MS;
}
