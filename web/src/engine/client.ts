// Typed promise façade over the engine worker. Sends one request at a time, and when the
// engine panics or the worker dies, starts a fresh worker, re-creates the simulations
// and replays to the last good virtual time (the engine is deterministic).

import { EngineError, type EngineErrorData } from './errors';
import type { Frame } from './frames';
import type { CommandName, Commands, Response, RunResult, SweepValue } from './protocol';
import type { PlayerEngine } from '../player/types';

/** What the client needs from a Worker (a real one, or a fake in tests). */
export interface WorkerLike {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onmessage: ((ev: MessageEvent) => void) | null;
  onerror: ((ev: ErrorEvent) => void) | null;
  terminate(): void;
}

export type WorkerFactory = () => WorkerLike;

/** Told to the UI after an automatic restart. */
export interface RestartInfo {
  error: EngineErrorData; // what went wrong
  timeNs: number; // the virtual time replayed to
  ok: boolean; // false when the replay itself failed
  /** Why it failed, when `ok` is false (e.g. the new worker could not be downloaded). */
  cause?: EngineErrorData;
}

/** Automatic restarts allowed within RESTART_WINDOW_MS; past that the engine stays stopped. */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 30_000;

/**
 * A worker that fails before it has answered anything never started: its script (or a
 * module it imports) could not be fetched, typically offline, or after the site was
 * updated under an open tab. Restarting would fail the same way, at once, forever (a tab
 * fetched the missing script ~70 times a second).
 */
export const NOT_DOWNLOADED =
  'The engine could not be downloaded: you may be offline, or the site was updated since this page opened. Reload the page (when you are online).';

interface Session {
  scenarios: string[];
  knobs: { atNs: number; name: string; value: number }[];
  timeNs: number; // last good virtual time
}

interface Pending {
  id: number;
  resolve: (r: unknown) => void;
  reject: (e: EngineError) => void;
}

/** The default factory: the module worker bundled by Vite. */
export function defaultWorkerFactory(): WorkerLike {
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'innodb-engine' });
}

export class EngineClient {
  private worker: WorkerLike;
  private nextId = 1;
  private pending: Pending | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private session: Session | null = null;
  private disposed = false;
  private wantStatusText = false;
  /** Set once the engine cannot be had any more: every later call rejects with it. */
  private broken: EngineErrorData | null = null;
  /** Wall-clock times of the automatic restarts (the last RESTART_WINDOW_MS). */
  private restarts: number[] = [];
  /** Bumped by each create() when it is called: which simulations a player's calls are for. */
  private epoch = 0;

  constructor(
    private readonly factory: WorkerFactory = defaultWorkerFactory,
    private readonly onRestart: (info: RestartInfo) => void = () => undefined,
  ) {
    this.worker = this.spawn();
  }

  /** New simulations: calls made through an earlier `player()` are refused from now on. */
  create(scenarios: string[]): Promise<Commands['create']['result']> {
    this.epoch += 1;
    return this.createSame(scenarios);
  }

  private async createSame(scenarios: string[]): Promise<Commands['create']['result']> {
    this.session = null;
    const result = await this.call('create', { scenarios });
    this.session = { scenarios, knobs: [], timeNs: 0 };
    return result;
  }

  /** Creates the current simulations again from t = 0 (same scenarios, same seed). */
  async recreate(): Promise<void> {
    const s = this.session;
    if (!s) throw new EngineError({ code: 'state', errors: [{ path: '', message: 'nothing to re-create' }] });
    await this.createSame(s.scenarios);
  }

  /**
   * The engine as a player of the current simulations sees it. Once create() is called
   * again (a knob that changes the scenario, dragged through several values), its calls
   * reject with code 'stale' instead of running: a step of the old run queued behind the
   * new create() ran the new simulations to the old run's time (38 s -> 48 s, paused).
   */
  player(): PlayerEngine {
    const epoch = this.epoch;
    const guard = <T>(f: () => Promise<T>): Promise<T> =>
      this.epoch === epoch ? f() : Promise.reject(new EngineError({ code: 'stale', errors: [{ path: '', message: 'these simulations were replaced' }] }));
    return {
      runTo: (t, budget, seek) => guard(() => this.runTo(t, budget, seek)),
      frame: () => guard(() => this.frame()),
      snapshot: () => guard(() => this.snapshot()),
      restore: (token) => guard(() => this.restore(token)),
      dropSnapshot: (token) => guard(() => this.dropSnapshot(token)),
      recreate: () => guard(() => this.recreate()),
    };
  }

  /** Plays to `tNs`; `seek` marks a jump (see protocol.ts). */
  async runTo(tNs: number, budgetMs?: number, seek = false): Promise<RunResult> {
    const r = await this.call('runTo', { tNs, ...(budgetMs === undefined ? {} : { budgetMs }), ...(seek ? { seek } : {}) });
    if (this.session) this.session.timeNs = r.timeNs;
    return r;
  }

  async frame(): Promise<Frame[]> {
    return (await this.call('frame', this.wantStatusText ? { statusText: true } : {})).frames;
  }

  /** status_text() of each simulation where due (else null), with the virtual times. */
  status(): Promise<Commands['status']['result']> {
    return this.call('status', {});
  }

  /**
   * While on, frames carry `statusText` when it is due (at most once a second of wall
   * time, see host.ts); a STATUS view turns it on while it shows.
   */
  setStatusText(on: boolean): void {
    this.wantStatusText = on;
  }

  async setKnob(name: string, value: number): Promise<RunResult> {
    const r = await this.call('setKnob', { name, value });
    this.session?.knobs.push({ atNs: r.timeNs, name, value });
    return r;
  }

  snapshot(): Promise<{ token: number; timeNs: number; bytes: number }> {
    return this.call('snapshot', {});
  }

  async restore(token: number): Promise<RunResult> {
    const r = await this.call('restore', { token });
    if (this.session) {
      this.session.timeNs = r.timeNs;
      // Knobs set after the checkpoint are undone by the restore.
      this.session.knobs = this.session.knobs.filter((k) => k.atNs <= r.timeNs);
    }
    return r;
  }

  async dropSnapshot(token: number): Promise<void> {
    await this.call('dropSnapshot', { token });
  }

  async pageRecords(sim: number, index: number, leaf: number, max = 64): Promise<string> {
    return (await this.call('pageRecords', { sim, index, leaf, max })).json;
  }

  async defaultScenario(): Promise<string> {
    return (await this.call('defaultScenario', {})).json;
  }

  async validate(json: string): Promise<{ path: string; message: string }[]> {
    return (await this.call('validate', { json })).errors;
  }

  /** Prepares a sweep (see protocol.ts); rejects with an EngineError naming a bad value's path. */
  async sweepStart(scenarios: string[], path: string, values: SweepValue[]): Promise<number> {
    return (await this.call('sweepStart', { scenarios, path, values })).count;
  }

  sweepStep(budgetMs: number): Promise<Commands['sweepStep']['result']> {
    return this.call('sweepStep', { budgetMs });
  }

  async sweepCancel(): Promise<void> {
    await this.call('sweepCancel', {});
  }

  /**
   * Test-only (engine/debugHook.ts): makes the engine panic on purpose. Rejects with the
   * panic error after the automatic restart (new worker, replay) has finished.
   */
  async debugPanic(): Promise<void> {
    await this.call('debugPanic', {});
  }

  /** Stops the worker; later calls reject. */
  dispose(): void {
    this.disposed = true;
    this.worker.terminate();
    this.pending?.reject(new EngineError({ code: 'state', errors: [{ path: '', message: 'engine disposed' }] }));
    this.pending = null;
  }

  /** Queues a command behind the one in flight. */
  private call<K extends CommandName>(type: K, args: Commands[K]['args']): Promise<Commands[K]['result']> {
    const run = this.queue.then(() => this.send(type, args));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private send<K extends CommandName>(type: K, args: Commands[K]['args']): Promise<Commands[K]['result']> {
    return this.rawSend(type, args).catch(async (err: EngineError) => {
      if (err.code === 'panic' || err.code === 'crash') await this.restart(err.toData());
      throw err;
    });
  }

  /** One round trip, no recovery (used by restart itself). */
  private rawSend<K extends CommandName>(type: K, args: Commands[K]['args']): Promise<Commands[K]['result']> {
    if (this.disposed) return Promise.reject(new EngineError({ code: 'state', errors: [{ path: '', message: 'engine disposed' }] }));
    if (this.broken) return Promise.reject(new EngineError(this.broken));
    return new Promise<Commands[K]['result']>((resolve, reject) => {
      const id = this.nextId++;
      this.pending = { id, resolve: resolve as (r: unknown) => void, reject };
      try {
        this.worker.postMessage({ id, type, args });
      } catch (e) {
        this.pending = null;
        reject(new EngineError({ code: 'protocol', errors: [{ path: '', message: String(e) }] }));
      }
    });
  }

  private spawn(): WorkerLike {
    const w = this.factory();
    let answered = false;
    w.onmessage = (ev: MessageEvent) => {
      answered = true;
      this.receive(ev.data as Response);
    };
    w.onerror = (ev: ErrorEvent) => {
      ev.preventDefault?.();
      if (w !== this.worker) return; // an old worker's last word
      const p = this.pending;
      this.pending = null;
      if (!answered) {
        // Never started: no restart, and no new worker for later calls either.
        this.broken = { code: 'unavailable', errors: [{ path: '', message: NOT_DOWNLOADED }] };
        p?.reject(new EngineError(this.broken));
        return;
      }
      const error = new EngineError({ code: 'crash', errors: [{ path: '', message: ev.message || 'the engine worker stopped' }] });
      if (p) p.reject(error);
      else if (!this.disposed) this.queue = this.queue.then(() => this.restart(error.toData()));
    };
    return w;
  }

  private receive(res: Response): void {
    if (typeof res?.id !== 'number') return; // the worker's "started" note
    const p = this.pending;
    if (!p || res.id !== p.id) return; // stale answer from a replaced worker
    this.pending = null;
    if (res.ok) p.resolve(res.result);
    else p.reject(new EngineError(res.error));
  }

  /** New worker, same scenarios, same knobs at the same times, back to the last good time. */
  private async restart(error: EngineErrorData): Promise<void> {
    if (this.disposed || this.broken) return;
    const s = this.session;
    const now = Date.now();
    this.restarts = this.restarts.filter((t) => now - t < RESTART_WINDOW_MS);
    if (this.restarts.length >= MAX_RESTARTS) {
      // Crashing again and again: stop rather than loop.
      this.broken = { code: 'crash', errors: [{ path: '', message: `The engine stopped ${MAX_RESTARTS + 1} times within ${RESTART_WINDOW_MS / 1000} s, so it is not restarted again. Reload the page to try again.` }] };
      this.worker.terminate();
      this.session = null;
      this.onRestart({ error, timeNs: s?.timeNs ?? 0, ok: false, cause: this.broken });
      return;
    }
    this.restarts.push(now);
    this.worker.terminate();
    this.worker = this.spawn();
    // Nothing was running: a fresh worker is all it takes, and nothing to tell.
    if (!s) return;
    try {
      await this.rawSend('create', { scenarios: s.scenarios });
      for (const k of s.knobs) {
        await this.rawSend('runTo', { tNs: k.atNs, seek: true });
        await this.rawSend('setKnob', { name: k.name, value: k.value });
      }
      await this.rawSend('runTo', { tNs: s.timeNs, seek: true });
      this.onRestart({ error, timeNs: s.timeNs, ok: true });
    } catch (e) {
      this.session = null;
      this.onRestart({ error, timeNs: s.timeNs, ok: false, ...(e instanceof EngineError ? { cause: e.toData() } : {}) });
    }
  }
}
