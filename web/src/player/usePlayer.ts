// The player: play/pause, step, step back, scrub, speed, reset, keyboard shortcuts.
// The ONLY place that knows wall-clock time; it turns animation frames into engine
// runTo() calls and keeps checkpoints so going back restores + replays exactly.

import { useCallback, useEffect, useRef, useState } from 'react';
import type { RunResult } from '../engine/protocol';
import { EngineError } from '../engine/errors';
import { addSnapshot, emptyStore, maxSnapshotsFor, pickSnapshot, shouldSnapshot } from './snapshots';
import { usePlayerKeys } from './playerKeys';
import { pressJustMissedPause, SEEK_NOTICE_MS, type Internal, type Player, type PlayerEngine, type PlayerOptions, type PlayerState } from './types';
import { runInChunks, SEEK_FRAME_MS } from './seek';
import { achievedSpeed, adaptEstimate, frameAdvanceNs, FRAME_BUDGET_MS, nextSpeed, pushPace, slowerThanAsked, stepNs, type Speed } from './speed';

export type { Player, PlayerEngine, PlayerOptions, PlayerSource, PlayerState } from './types';

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
    seekChunkNs: 0,
    playWhenReady: false,
    stepsWhenReady: 0,
    endedAtMs: null,
  });
  const [view, setView] = useState<PlayerState>({ playing: false, speed: opts.defaultSpeed, timeNs: 0, maxTimeNs: 0, done: false, achievedSpeed: null, slow: false, seekingNs: null, startsWhenReady: false, stepsWhenReady: 0 });
  const publish = useCallback(() => {
    const s = st.current;
    const achieved = s.playing ? achievedSpeed(s.pace) : null;
    s.slow = s.playing && slowerThanAsked(s.speed, achieved, s.slow);
    setView({ playing: s.playing, speed: s.speed, timeNs: s.timeNs, maxTimeNs: s.maxTimeNs, done: s.done, achievedSpeed: achieved, slow: s.slow, seekingNs: s.seekingNs, startsWhenReady: s.playWhenReady, stepsWhenReady: s.stepsWhenReady });
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
          // Work for simulations replaced meanwhile: the new ones bring their own state.
          if (e instanceof EngineError && e.code === 'stale') return;
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
    if (s.done && s.playing) s.endedAtMs = performance.now();
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

  /** Draws the engine's frames; `sought`: shown by a seek (Frame.sought). */
  const showFrame = async (engine: PlayerEngine, sought = false) => {
    const frames = await engine.frame();
    if (sought) for (const f of frames) f.sought = true;
    optsRef.current.onFrames(frames);
  };

  /**
   * Go to `targetNs` exactly (forward = run; backward = restore the nearest checkpoint,
   * then run), in chunks (seek.ts) so a newer seek, a reset or Stop (`id` no longer the
   * latest) ends it after the chunk under way, where it had got to. A step takes the id
   * current when it starts: steps pressed in a row all run, each from the last.
   */
  const goTo = async (engine: PlayerEngine, targetNs: number, id = st.current.seekId, sought = false) => {
    const s = st.current;
    const gen = s.generation;
    const wanted = () => s.seekId === id && s.generation === gen;
    if (!wanted()) return;
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
    let frameAt = performance.now();
    const { chunkNs } = await runInChunks(
      {
        runTo: (t) => engine.runTo(t, undefined, back),
        afterChunk: async (r) => {
          applyRun(r);
          await takeSnapshotIfDue(engine);
          // A long way forward: now and then a frame of where it has got, and the clock with
          // it (a quick one shows only where it ends, as a step always did). Not on the way
          // back: the replay from a checkpoint before the target showed times earlier than
          // it (← from 120 s flashed 113.598 s, then 119 s); the badge says where it goes.
          if (!back && s.timeNs < target && performance.now() - frameAt >= SEEK_FRAME_MS && wanted()) {
            await showFrame(engine, sought);
            publish();
            frameAt = performance.now();
          }
        },
        wanted,
        now: () => performance.now(),
      },
      s.timeNs,
      target,
      Math.max(s.seekChunkNs, s.estimateNs),
    );
    s.seekChunkNs = chunkNs;
    if (s.generation === gen) await showFrame(engine, sought);
  };

  // A new engine generation: reset and show the first frame.
  useEffect(() => {
    const s = st.current;
    if (!source) {
      // A new simulation is being built (a knob changed): the bar shows where it will
      // start, not "t = 2.000 s · run complete" of the run that is gone.
      s.playing = false;
      s.timeNs = 0;
      s.maxTimeNs = 0;
      s.done = false;
      s.seekingNs = null;
      s.pace = [];
      publish();
      return;
    }
    s.generation = source.generation;
    // Space pressed while it loaded (7 s for a million rows on a slow machine) was lost.
    s.playing = s.playWhenReady;
    s.playWhenReady = false;
    // So were steps ("." in the presenter while a slide loaded).
    const steps = s.stepsWhenReady;
    s.stepsWhenReady = 0;
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
      for (let i = 0; i < steps && !s.done; i++) await goTo(engine, s.timeNs + stepNs(s.speed, optsRef.current.endNs));
      if (steps > 0) publish();
    });
    // goTo reads the player's state through refs: it need not be a dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
        applyRun(await engine.runTo(from + advance, FRAME_BUDGET_MS));
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
    if (!optsRef.current.source) {
      s.playWhenReady = true;
      publish();
      return;
    }
    if (s.done) return;
    s.playing = true;
    s.lastWallMs = null;
    s.pace = [];
    publish();
  }, [publish]);
  const pause = useCallback(() => {
    st.current.playing = false;
    st.current.playWhenReady = false;
    st.current.pace = [];
    publish();
  }, [publish]);
  /** Ends any go-to under way (after its chunk) and its "going to" badge. */
  const supersede = useCallback(() => {
    const s = st.current;
    s.seekingNs = null;
    return ++s.seekId;
  }, []);
  const reset = useCallback(() => {
    pause();
    st.current.done = false;
    const id = supersede();
    void enqueue((e) => goTo(e, 0, id));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pause, enqueue, supersede]);
  // While a long seek shows "going to t = …", Space and the play button stop it there;
  // on a finished run they replay it from t = 0 (a prediction locked after a run waits
  // for the next one, and the bar offered no way to start it but Reset).
  const toggle = useCallback(() => {
    if (!optsRef.current.source) {
      st.current.playWhenReady = !st.current.playWhenReady; // a second press takes it back
      publish();
    } else if (st.current.seekingNs !== null) {
      supersede();
      publish();
    } else if (st.current.playing) pause();
    else if (st.current.done) {
      if (pressJustMissedPause(st.current.endedAtMs, performance.now())) return;
      reset();
      play();
    } else play();
  }, [play, pause, supersede, publish, reset]);
  /** The run's length: its scenario's end, else (a row target) where it finished. */
  const runSpan = () => optsRef.current.endNs ?? (st.current.done ? st.current.maxTimeNs : undefined);
  /**
   * Goes to the time `target()` gives when the work starts (a step counts from where the
   * step before it ended), and says where it is going once that takes a while: a step
   * back on a heavy run replays for seconds from a checkpoint, and the bar stood still
   * with nothing to tell why. A seek passes its `id` (a newer one supersedes it) and
   * `sought` (its frames say so); a step takes the id current when it starts, so steps
   * pressed in a row all run.
   */
  const goWithNotice = useCallback(
    (target: () => number | null, id?: number, sought = false) => {
      const s = st.current;
      void enqueue((e) => {
        const tNs = target();
        if (tNs === null) return Promise.resolve();
        const mine = id ?? s.seekId;
        const timer = setTimeout(() => {
          if (s.seekId !== mine) return;
          s.seekingNs = tNs;
          // The badge alone: the clock stays where the bar last drew it. Going back, the
          // engine is at the checkpoint it replays from, and a full publish showed that
          // earlier time (← from 5 s flashed 0 µs, then 4.750 s).
          setView((v) => ({ ...v, seekingNs: tNs }));
        }, SEEK_NOTICE_MS);
        return goTo(e, tNs, mine, sought).finally(() => {
          clearTimeout(timer);
          if (s.seekId !== mine || s.seekingNs === null) return;
          s.seekingNs = null;
          publish();
        });
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [enqueue, publish],
  );
  const stepForward = useCallback(() => {
    pause();
    if (!optsRef.current.source) {
      st.current.stepsWhenReady++;
      publish();
      return;
    }
    // Not past a finished run's end: the clock moved on over an idle engine, and a link
    // or embed taken there said the run ends earlier than the time it asked for.
    goWithNotice(() => (st.current.done ? null : st.current.timeNs + stepNs(st.current.speed, runSpan())));
  }, [pause, goWithNotice, publish]);
  const stepBack = useCallback(() => {
    pause();
    if (!optsRef.current.source) {
      st.current.stepsWhenReady = Math.max(0, st.current.stepsWhenReady - 1);
      publish();
      return;
    }
    goWithNotice(() => Math.max(0, st.current.timeNs - stepNs(st.current.speed, runSpan())));
  }, [pause, goWithNotice, publish]);
  const seek = useCallback(
    (tNs: number) => {
      pause();
      // A seek that takes a while (a shared link's t on a heavy run: ~10 s) says where it
      // is going; the clock stayed at 0 with nothing to tell why. Quick ones show nothing.
      goWithNotice(() => tNs, ++st.current.seekId, true);
    },
    [pause, goWithNotice],
  );
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

  usePlayerKeys({ keyboard: opts.keyboard, arrowKeys: opts.arrowKeys ?? true }, { toggle, stepForward, stepBack, faster, slower });

  return { ...view, play, pause, toggle, stepForward, stepBack, seek, setSpeed, faster, slower, reset };
}
