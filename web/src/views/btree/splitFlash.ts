// Slow-motion highlight of single page splits: a leaf that split flashes and fades. At
// high speed (many splits per frame) or with prefers-reduced-motion, no animation: the
// static split markers carry the same information.
import { useEffect, useRef, useState } from 'react';

/** More splits than this in one frame means "fast": aggregate, don't animate. */
export const SLOW_MOTION_MAX_SPLITS = 6;
/** Duration of one flash (ms). */
export const FLASH_MS = 700;

/** Opacity of a flash `ageMs` after it started: 1 → 0 linearly over FLASH_MS. */
export function flashAlpha(ageMs: number): number {
  return Math.max(0, Math.min(1, 1 - ageMs / FLASH_MS));
}

/** Whether this frame's splits should flash (few of them, motion allowed). */
export function shouldFlash(nSplits: number, reducedMotion: boolean): boolean {
  return !reducedMotion && nSplits > 0 && nSplits <= SLOW_MOTION_MAX_SPLITS;
}

/**
 * Leaf ordinal → current flash opacity. `splits` must be a new array per frame (the
 * ordinals whose LEAF_SPLIT_RECENT bit is set); re-renders every animation frame while
 * a flash is fading, and not at all otherwise.
 */
export function useSplitFlash(splits: number[], reducedMotion: boolean): Map<number, number> {
  const started = useRef(new Map<number, number>());
  const [alphas, setAlphas] = useState<Map<number, number>>(() => new Map());

  useEffect(() => {
    if (reducedMotion) {
      started.current.clear();
      return;
    }
    if (shouldFlash(splits.length, reducedMotion)) {
      const now = performance.now();
      for (const leaf of splits) started.current.set(leaf, now);
    }
    // keep fading flashes that began in earlier frames even if this frame had none
    if (started.current.size === 0) return;
    let raf = 0;
    const tick = () => {
      const t = performance.now();
      const next = new Map<number, number>();
      for (const [leaf, t0] of started.current) {
        const a = flashAlpha(t - t0);
        if (a > 0) next.set(leaf, a);
        else started.current.delete(leaf);
      }
      setAlphas(next);
      if (next.size) raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [splits, reducedMotion]);

  return reducedMotion ? EMPTY : alphas;
}

const EMPTY = new Map<number, number>();
