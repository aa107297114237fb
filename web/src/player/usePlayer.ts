// The player: play/pause, step, step back, scrub, speed, reset, keyboard shortcuts.
// The ONLY place that knows wall-clock time; it turns animation frames into engine
// runTo() calls and keeps checkpoints so going back restores + replays exactly.

import { useCallback, useEffect, useRef, useState } from 'react';
import type { Frame } from '../engine/frames';
import type { RunResult } from '../engine/protocol';
import { addSnapshot, emptyStore, maxSnapshotsFor, pickSnapshot, shouldSnapshot, type SnapshotStore } from './snapshots';
import { achievedSpeed, adaptEstimate, frameAdvanceNs, MAX_SPEED_BUDGET_MS, nextSpeed, PACED_BUDGET_MS, pushPace, slowerThanAsked, stepNs, type PaceSample, type Speed } from './speed';

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

interface Internal {
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
}

function isEditable(t: EventTarget | null, forSpace: boolean, key: string): boolean {
  if (!(t instanceof HTMLElement)) return false;
  if (t.isContentEditable) return true;
  if (t.closest('dialog[open]')) return true; // a modal (the key help) owns the keys

  const tag = t.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return true; // text fields type, sliders use the arrows themselves
  if ((forSpace || key === 'ArrowLeft' || key === 'ArrowRight') && scrollBox(t)) return true;
  return forSpace && (tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY');
}

/**
 * A focused box of text that scrolls (the SHOW ENGINE INNODB STATUS and sysbench
 * dumps): the arrows and Space scroll it, as they would any scrolled box, instead of
 * stepping or playing the simulation.
 */
export function scrollBox(t: HTMLElement): boolean {
  const box = t.tagName === 'PRE' || t.getAttribute('role') === 'region';
  return box && t.tabIndex >= 0 && (t.scrollWidth > t.clientWidth || t.scrollHeight > t.clientHeight);
}

export function usePlayer(opts: PlayerOptions): Player {
  const { source } = opts;
  const optsRef = useRef(opts);
  optsRef.current = opts;
  const st = useRef<Internal>({
    playing: false,
    speed: opts.defaultSpeed,
    timeNs: 0,
    maxTimeNs: 0,
    done: false,
    store: emptyStore(),
    chain: Promise.resolve(),
    estimateNs: 50e6,
    lastWallMs: null,
    generation: -1,
    pace: [],
    slow: false,
    seekId: 0,
    seekingNs: null,
  });
  const [view, setView] = useState<PlayerState>({ playing: false, speed: opts.defaultSpeed, timeNs: 0, maxTimeNs: 0, done: false, achievedSpeed: null, slow: false, seekingNs: null });
  const publish = useCallback(() => {
    const s = st.current;
    const achieved = s.playing ? achievedSpeed(s.pace) : null;
    s.slow = s.playing && slowerThanAsked(s.speed, achieved, s.slow);
    setView({ playing: s.playing, speed: s.speed, timeNs: s.timeNs, maxTimeNs: s.maxTimeNs, done: s.done, achievedSpeed: achieved, slow: s.slow, seekingNs: s.seekingNs });
  }, []);

  /** Serializes engine work; drops work for a stale generation. */
  const enqueue = useCallback(
    (work: (engine: PlayerEngine) => Promise<void>) => {
      const src = optsRef.current.source;
      if (!src) return st.current.chain;
      const gen = src.generation;
      st.current.chain = st.current.chain
        .then(async () => {
          if (st.current.generation !== gen) return;
          await work(src.engine);
        })
        .catch((e: unknown) => {
          st.current.playing = false;
          optsRef.current.onError(e);
        })
        .finally(publish);
      return st.current.chain;
    },
    [publish],
  );

  const applyRun = (r: RunResult) => {
    const s = st.current;
    s.timeNs = r.timeNs;
    s.maxTimeNs = Math.max(s.maxTimeNs, r.timeNs);
    s.done = r.done.length > 0 && r.done.every(Boolean);
    if (s.done) s.playing = false;
  };

  const takeSnapshotIfDue = async (engine: PlayerEngine) => {
    const s = st.current;
    if (!shouldSnapshot(s.store, s.timeNs)) return;
    const snap = await engine.snapshot();
    // Keep checkpoints within a memory budget: a 2M-row table costs ~250 MB a copy.
    const max = maxSnapshotsFor(snap.bytes ?? 0);
    const { store, drop } = addSnapshot({ ...s.store, max }, { token: snap.token, timeNs: snap.timeNs });
    s.store = store;
    for (const token of drop) await engine.dropSnapshot(token);
  };

  const showFrame = async (engine: PlayerEngine) => {
    optsRef.current.onFrames(await engine.frame());
  };

  /** Go to `targetNs` exactly: forward = run; backward = restore nearest checkpoint, then run. */
  const goTo = async (engine: PlayerEngine, targetNs: number) => {
    const s = st.current;
    const target = Math.max(0, Math.round(targetNs));
    // Going back replays from a checkpoint: the splits on the way are not news.
    const back = target < s.timeNs;
    if (back) {
      const snap = pickSnapshot(s.store, target);
      if (snap) applyRun(await engine.restore(snap.token));
      else {
        await engine.recreate();
        s.store = emptyStore();
        s.timeNs = 0;
        await takeSnapshotIfDue(engine);
      }
    }
    applyRun(await engine.runTo(target, undefined, back));
    await takeSnapshotIfDue(engine);
    await showFrame(engine);
  };

  // A new engine generation: reset and show the first frame.
  useEffect(() => {
    if (!source) return;
    const s = st.current;
    s.generation = source.generation;
    s.playing = false;
    s.timeNs = source.startNs;
    s.maxTimeNs = source.startNs;
    s.done = false;
    s.store = emptyStore();
    s.lastWallMs = null;
    s.pace = [];
    s.chain = Promise.resolve();
    publish();
    void enqueue(async (engine) => {
      await takeSnapshotIfDue(engine);
      await showFrame(engine);
    });
  }, [source, enqueue, publish]);

  // The animation loop while playing.
  useEffect(() => {
    if (!view.playing || !source) return;
    let raf = 0;
    let inFlight = false;
    const tick = (wallMs: number) => {
      raf = requestAnimationFrame(tick);
      const s = st.current;
      if (!s.playing || inFlight) return;
      const dtWall = s.lastWallMs === null ? 16 : wallMs - s.lastWallMs;
      s.lastWallMs = wallMs;
      const advance = frameAdvanceNs(s.speed, dtWall, s.estimateNs);
      inFlight = true;
      void enqueue(async (engine) => {
        const from = s.timeNs;
        applyRun(await engine.runTo(from + advance, s.speed === 'max' ? MAX_SPEED_BUDGET_MS : PACED_BUDGET_MS));
        s.estimateNs = adaptEstimate(s.estimateNs, advance, s.timeNs - from);
        await takeSnapshotIfDue(engine);
        await showFrame(engine);
        s.pace = pushPace(s.pace, { wallMs: performance.now(), ns: s.timeNs });
      }).finally(() => {
        inFlight = false;
      });
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [view.playing, source, enqueue]);

  const play = useCallback(() => {
    const s = st.current;
    if (s.done || !optsRef.current.source) return;
    s.playing = true;
    s.lastWallMs = null;
    s.pace = [];
    publish();
  }, [publish]);
  const pause = useCallback(() => {
    st.current.playing = false;
    st.current.pace = [];
    publish();
  }, [publish]);
  const toggle = useCallback(() => (st.current.playing ? pause() : play()), [play, pause]);
  const stepForward = useCallback(() => {
    pause();
    void enqueue((e) => goTo(e, st.current.timeNs + stepNs(st.current.speed)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pause, enqueue]);
  const stepBack = useCallback(() => {
    pause();
    void enqueue((e) => goTo(e, Math.max(0, st.current.timeNs - stepNs(st.current.speed))));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pause, enqueue]);
  const seek = useCallback(
    (tNs: number) => {
      pause();
      // A seek that takes a while (a shared link's t on a heavy run: ~10 s) says where it
      // is going; the clock stayed at 0 with nothing to tell why. Quick ones show nothing.
      const s = st.current;
      const id = ++s.seekId;
      const timer = setTimeout(() => {
        if (s.seekId !== id) return;
        s.seekingNs = tNs;
        publish();
      }, SEEK_NOTICE_MS);
      void enqueue((e) => goTo(e, tNs)).finally(() => {
        clearTimeout(timer);
        if (s.seekId !== id || s.seekingNs === null) return;
        s.seekingNs = null;
        publish();
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pause, enqueue],
  );
  const reset = useCallback(() => {
    pause();
    st.current.done = false;
    void enqueue((e) => goTo(e, 0));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pause, enqueue]);
  const setSpeed = useCallback(
    (sp: Speed) => {
      st.current.speed = sp;
      st.current.pace = [];
      publish();
    },
    [publish],
  );
  const faster = useCallback(() => setSpeed(nextSpeed(st.current.speed, 1)), [setSpeed]);
  const slower = useCallback(() => setSpeed(nextSpeed(st.current.speed, -1)), [setSpeed]);

  // Keyboard: Space play/pause, ←/→ (unless given to the page) and ,/. step, +/− speed.
  const arrowKeys = opts.arrowKeys ?? true;
  useEffect(() => {
    if (!opts.keyboard) return;
    const onKey = (ev: KeyboardEvent) => {
      // A control that used the key itself (e.g. arrows moving along the leaf strip) wins.
      if (ev.defaultPrevented || ev.ctrlKey || ev.metaKey || ev.altKey) return;
      const space = ev.key === ' ';
      if (isEditable(ev.target, space, ev.key)) return;
      const actions: Record<string, () => void> = {
        ' ': toggle,
        ...(arrowKeys ? { ArrowRight: stepForward, ArrowLeft: stepBack } : {}),
        '.': stepForward,
        ',': stepBack,
        '+': faster,
        '=': faster,
        '-': slower,
        _: slower,
      };
      const act = actions[ev.key];
      if (act) {
        ev.preventDefault();
        act();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [opts.keyboard, arrowKeys, toggle, stepForward, stepBack, faster, slower]);

  return { ...view, play, pause, toggle, stepForward, stepBack, seek, setSpeed, faster, slower, reset };
}
