// Going to a time (a seek, a step, a reset) in chunks the reader can stop.
//
// One engine call for the whole way would hold the worker for as long as the replay
// takes (~25 s to reach the end of the heaviest A/B runs): Stop, a newer seek and the
// knobs all waited for it. Chunks of about SEEK_CHUNK_MS of wall time each let the
// player look between them: it stops when the seek is superseded or stopped, keeps
// checkpoints on the way and moves the clock. The chunking changes no number: the
// engine gives the same state at a time however the way there is sliced.

import type { RunResult } from '../engine/protocol';

/** Wall time one chunk of a seek aims for. */
export const SEEK_CHUNK_MS = 100;

/** While a seek is under way, a frame of where it has got to at most this often. */
export const SEEK_FRAME_MS = 500;

/** The smallest chunk (1 simulated ms): tiny chunks would cost more in calls than in work. */
export const MIN_CHUNK_NS = 1e6;

/**
 * The next chunk's simulated span, from the last call (`spanNs` run in `wallMs`):
 * scaled so a call takes about SEEK_CHUNK_MS, moving at most 4x either way from the
 * last chunk asked for, `prevNs` (one slow or quick call does not swing it).
 */
export function nextChunkNs(prevNs: number, spanNs: number, wallMs: number): number {
  const scaled = (spanNs * SEEK_CHUNK_MS) / Math.max(1, wallMs);
  const bounded = Math.min(prevNs * 4, Math.max(prevNs / 4, scaled));
  return Math.max(MIN_CHUNK_NS, Math.round(bounded));
}

export interface ChunkedRun {
  /** Runs the engine to `tNs` (the player's runTo, with its seek flag). */
  runTo(tNs: number): Promise<RunResult>;
  /** Called after every chunk with its result (checkpoints, progress, frames). */
  afterChunk(r: RunResult): Promise<void>;
  /** False once the seek is superseded or stopped: the run ends after the chunk under way. */
  wanted(): boolean;
  now(): number;
}

/**
 * Runs from `fromNs` to `targetNs` in chunks, starting with `chunkNs`; returns the chunk
 * size it ended with (the next seek starts from it) and whether it got to the target
 * (or the run's end).
 */
export async function runInChunks(run: ChunkedRun, fromNs: number, targetNs: number, chunkNs: number): Promise<{ chunkNs: number; reached: boolean }> {
  let at = fromNs;
  let chunk = Math.max(MIN_CHUNK_NS, chunkNs);
  while (at < targetNs) {
    if (!run.wanted()) return { chunkNs: chunk, reached: false };
    const t0 = run.now();
    const r = await run.runTo(Math.min(targetNs, at + chunk));
    chunk = nextChunkNs(chunk, r.timeNs - at, run.now() - t0);
    await run.afterChunk(r);
    const done = r.done.length > 0 && r.done.every(Boolean);
    // A run whose workload ran out stops short of the target: that is as far as it goes.
    if (done || r.timeNs <= at) return { chunkNs: chunk, reached: true };
    at = r.timeNs;
  }
  return { chunkNs: chunk, reached: true };
}
