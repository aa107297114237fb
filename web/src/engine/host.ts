// The worker's state and command handlers, independent of `self`/postMessage so it can
// be tested in Node with a fake engine. Owns the Simulation instances (A and B); sweeps
// run in sweepRunner.ts.

import { parseEngineError, EngineError, type EngineErrorData } from './errors';
import type { AhiPart, Frame, IndexInfo, QcKind, QcLock, RedoState, SeriesBlock, Summary, TraceEvent } from './frames';
import type { Commands, CommandName, RunResult } from './protocol';
import type { EngineModule, Simulation } from './simulation';
import { statusDue, type StatusCall } from './statusThrottle';
import { SweepRunner } from './sweepRunner';

export { SWEEP_SLICE_NS } from './sweepRunner';

/** At most this many events per frame per sim (the newest ones). */
export const MAX_EVENTS_PER_FRAME = 2000;

interface SimSlot {
  sim: Simulation;
  indexes: IndexInfo[];
  columns: string[];
  seriesCursor: number; // next sample index to send
  eventCursor: number; // next absolute event number to send
  /** The last status_text() call, or null if never asked. */
  lastStatus: StatusCall | null;
  qcKind: QcKind;
  /** query_cache_type = OFF: the cache is configured but no statement uses it. */
  qcOff: boolean;
  /** Simulated time of the last leaf_state() calls: where the next frame's split flags start. */
  splitsSeenNs: number;
}

/** The scenario's query cache: its kind, and whether query_cache_type switches it off. */
function qcOf(scenarioJson: string): { kind: QcKind; off: boolean } {
  try {
    const server = (JSON.parse(scenarioJson) as { server?: { query_cache?: unknown; query_cache_type?: unknown } }).server;
    const k = server?.query_cache;
    return { kind: k === 'mysql' || k === 'aurora' ? k : 'none', off: server?.query_cache_type === 'OFF' };
  } catch {
    return { kind: 'none', off: false };
  }
}

const NO_LOCK: QcLock = { holder: null, waiting: 0, acquisitions: 0, waits: 0, timeouts: 0 };

interface SnapshotSet {
  ids: number[]; // one per sim
  cursors: { series: number; events: number }[];
  timeNs: number;
}

/** Copies a typed array unless it exclusively owns its buffer (so it can be transferred). */
function own<T extends Uint8Array | Uint32Array>(a: T): T {
  if (a.byteOffset === 0 && a.byteLength === a.buffer.byteLength && a.buffer instanceof ArrayBuffer) return a;
  return a.slice() as T;
}

/** leaf_state() flags splits since its previous call: call it once to forget them. */
function markSplitsSeen(s: SimSlot): void {
  for (const i of s.indexes) s.sim.leaf_state(i.id);
  s.splitsSeenNs = s.sim.time_ns();
}

type Handlers = { [K in CommandName]: (args: Commands[K]['args']) => Commands[K]['result'] };

/** Executes protocol commands against the wasm module. */
export class SimHost {
  private slots: SimSlot[] = [];
  private snapshots = new Map<number, SnapshotSet>();
  private readonly sweep: SweepRunner;
  private nextToken = 1;
  /** A runTo without a wall budget (the player going to a time) since the last frame. */
  private jumped = false;
  private readonly now: () => number;

  constructor(
    private readonly engine: EngineModule,
    now?: () => number,
  ) {
    this.now = now ?? (() => performance.now());
    this.sweep = new SweepRunner(engine, this.now);
  }

  /** Runs one command; throws EngineError on failure. */
  handle<K extends CommandName>(type: K, args: Commands[K]['args']): Commands[K]['result'] {
    const fn = this.handlers[type] as ((a: Commands[K]['args']) => Commands[K]['result']) | undefined;
    if (!fn) throw new EngineError({ code: 'protocol', errors: [{ path: 'type', message: `unknown command ${String(type)}` }] });
    try {
      return fn(args);
    } catch (e) {
      throw new EngineError(this.withPanicMessage(parseEngineError(e)));
    }
  }

  /**
   * A Rust panic reaches JS as a trap (`RuntimeError: unreachable`) that says nothing; the
   * engine's panic hook kept the real message, which we read at once. The instance is not
   * trusted after a trap: the client replaces the whole worker.
   */
  private withPanicMessage(data: EngineErrorData): EngineErrorData {
    if (data.code !== 'panic' || !this.engine.take_panic_message) return data;
    let message = '';
    try {
      message = this.engine.take_panic_message();
    } catch {
      // the trapped instance may refuse even this; keep the trap's own text
    }
    return message ? { code: 'panic', errors: [{ path: '', message }] } : data;
  }

  private readonly handlers: Handlers = {
    create: ({ scenarios }) => {
      if (scenarios.length < 1 || scenarios.length > 2) {
        throw new EngineError({ code: 'protocol', errors: [{ path: 'scenarios', message: 'expected 1 or 2 scenarios' }] });
      }
      this.disposeAll();
      this.jumped = false;
      const slots: SimSlot[] = [];
      try {
        scenarios.forEach((json, i) => {
          let sim: Simulation;
          try {
            sim = new this.engine.Simulation(json);
          } catch (e) {
            const data = parseEngineError(e);
            // Name the scenario in a pair so the UI can say which one is wrong.
            if (scenarios.length === 2) data.errors = data.errors.map((fe) => ({ ...fe, path: `${i === 0 ? 'A' : 'B'}:${fe.path}` }));
            throw new EngineError(data);
          }
          const qc = qcOf(sim.scenario_json());
          slots.push({
            sim,
            indexes: JSON.parse(sim.indexes_json()) as IndexInfo[],
            columns: JSON.parse(sim.series_columns_json()) as string[],
            seriesCursor: 0,
            eventCursor: 0,
            lastStatus: null,
            qcKind: qc.kind,
            qcOff: qc.off,
            splitsSeenNs: 0,
          });
          // Splits of the prepare phase are not news.
          markSplitsSeen(slots[slots.length - 1]);
        });
      } catch (e) {
        for (const s of slots) s.sim.free();
        throw e;
      }
      this.slots = slots;
      return {
        indexes: slots.map((s) => s.indexes),
        scenarios: slots.map((s) => s.sim.scenario_json()),
        columns: slots.map((s) => s.columns),
      };
    },

    runTo: ({ tNs, budgetMs, seek }) => {
      this.requireSims();
      if (budgetMs === undefined) {
        // A go-to (a seek or a step), not playback: the next frame says so.
        this.jumped = true;
        this.advanceAll(tNs);
        if (seek) this.slots.forEach(markSplitsSeen);
        return this.runResult();
      }
      // Budgeted: advance in slices so we can stop when the wall budget is spent.
      const start = this.now();
      const from = this.timeNs();
      const slices = 8;
      for (let i = 1; i <= slices; i++) {
        const t = Math.round(from + ((tNs - from) * i) / slices);
        if (this.advanceAll(t)) break;
        if (this.now() - start >= budgetMs) break;
      }
      return this.runResult();
    },

    frame: ({ statusText }) => {
      this.requireSims();
      const frames = this.slots.map((s) => this.buildFrame(s, statusText === true));
      if (this.jumped) for (const f of frames) f.jumped = true;
      this.jumped = false;
      return { frames };
    },

    status: () => {
      this.requireSims();
      return { texts: this.slots.map((s) => this.statusIfDue(s, true) ?? null), timeNs: this.slots.map((s) => s.sim.time_ns()) };
    },

    setKnob: ({ name, value }) => {
      this.requireSims();
      for (const s of this.slots) s.sim.set_knob(name, value);
      return this.runResult();
    },

    snapshot: () => {
      this.requireSims();
      const token = this.nextToken++;
      const bytes = this.slots.reduce((n, s) => n + s.sim.approx_bytes(), 0);
      this.snapshots.set(token, {
        ids: this.slots.map((s) => s.sim.snapshot()),
        cursors: this.slots.map((s) => ({ series: s.sim.series_len(), events: this.eventCount(s) })),
        timeNs: this.timeNs(),
      });
      return { token, timeNs: this.timeNs(), bytes };
    },

    restore: ({ token }) => {
      this.requireSims();
      const set = this.snapshots.get(token);
      if (!set) throw new EngineError({ code: 'state', errors: [{ path: 'token', message: `no snapshot ${token}` }] });
      this.slots.forEach((s, i) => {
        s.sim.restore(set.ids[i]);
        // Rows/events after the checkpoint no longer exist; resend from there.
        s.seriesCursor = Math.min(s.seriesCursor, set.cursors[i].series);
        s.eventCursor = Math.min(s.eventCursor, set.cursors[i].events);
        // The status averages are relative to the previous call, which may now lie in the
        // future: call once to re-base, and let the next frame that moves time show one.
        if (s.lastStatus) {
          s.sim.status_text();
          s.lastStatus = { wallMs: -Infinity, timeNs: s.sim.time_ns() };
        }
      });
      return this.runResult();
    },

    dropSnapshot: ({ token }) => {
      const set = this.snapshots.get(token);
      if (set) {
        this.slots.forEach((s, i) => s.sim.drop_snapshot(set.ids[i]));
        this.snapshots.delete(token);
      }
      return {};
    },

    pageRecords: ({ sim, index, leaf, max }) => {
      this.requireSims();
      const slot = this.slots[sim];
      if (!slot) throw new EngineError({ code: 'state', errors: [{ path: 'sim', message: `no simulation ${sim}` }] });
      return { json: slot.sim.page_records_json(index, leaf, max) };
    },

    defaultScenario: () => ({ json: this.engine.default_scenario_json() }),

    validate: ({ json }) => ({ errors: JSON.parse(this.engine.validate_scenario(json)) as { path: string; message: string }[] }),

    sweepStart: ({ scenarios, path, values }) => {
      this.sweep.cancel();
      if (scenarios.length < 1 || scenarios.length > 2) {
        throw new EngineError({ code: 'protocol', errors: [{ path: 'scenarios', message: 'expected 1 or 2 scenarios' }] });
      }
      return { count: this.sweep.start(scenarios, path, values) };
    },

    sweepStep: ({ budgetMs }) => this.sweep.step(budgetMs),

    sweepCancel: () => {
      this.sweep.cancel();
      return {};
    },

    dispose: () => {
      this.disposeAll();
      return {};
    },

    debugPanic: () => {
      this.requireSims();
      this.slots[0].sim.debug_panic();
      return {}; // not reached: debug_panic traps
    },
  };

  private requireSims(): void {
    if (this.slots.length === 0) throw new EngineError({ code: 'state', errors: [{ path: '', message: 'no simulation: send create first' }] });
  }

  private timeNs(): number {
    return Math.max(...this.slots.map((s) => s.sim.time_ns()));
  }

  private runResult(): RunResult {
    return { timeNs: this.timeNs(), done: this.slots.map((s) => s.sim.is_done()) };
  }

  /**
   * Advances every simulation to `t` in lockstep. A run whose workload runs out on the way
   * stops at that instant; when that leaves every run complete, all of them stop at the
   * latest such instant. So a finished run ends where its scenario and seed put it, not
   * where a frame happened to end (frame pacing differs between viewings). Returns true
   * when it stopped there, short of `t`.
   */
  private advanceAll(t: number): boolean {
    const running = this.slots.filter((s) => !s.sim.is_done());
    for (const s of running) s.sim.run_until_finish(t);
    const finished = running.length > 0 && running.every((s) => s.sim.is_done());
    const target = finished ? Math.max(...running.map((s) => s.sim.time_ns())) : t;
    for (const s of this.slots) s.sim.run_until(target);
    return target < t;
  }

  private eventCount(s: SimSlot): number {
    // events_json(since) answers `next` = absolute number of the next event.
    return (JSON.parse(s.sim.events_json(s.eventCursor)) as { next: number }).next;
  }

  /** status_text() when a STATUS view asks and it is due (statusThrottle.ts). */
  private statusIfDue(s: SimSlot, wanted: boolean): string | undefined {
    if (!wanted) return undefined;
    const timeNs = s.sim.time_ns();
    const wallMs = this.now();
    if (!statusDue(s.lastStatus, timeNs, wallMs)) return undefined;
    s.lastStatus = { wallMs, timeNs };
    return s.sim.status_text();
  }

  private buildFrame(s: SimSlot, wantStatus: boolean): Frame {
    const { sim } = s;
    const width = s.columns.length;
    const flat = sim.series(s.seriesCursor);
    const rows: number[][] = [];
    for (let r = 0; r + width <= flat.length && width > 0; r += width) rows.push(Array.from(flat.subarray(r, r + width)));
    const series: SeriesBlock = { columns: s.columns, firstIndex: s.seriesCursor, rows };
    s.seriesCursor += rows.length;

    const ev = JSON.parse(sim.events_json(s.eventCursor)) as { next: number; events: TraceEvent[] };
    s.eventCursor = ev.next;
    const events = ev.events.length > MAX_EVENTS_PER_FRAME ? ev.events.slice(-MAX_EVENTS_PER_FRAME) : ev.events;

    const ids = s.indexes.map((i) => i.id);
    const statusText = this.statusIfDue(s, wantStatus);
    const frame: Frame = {
      timeNs: sim.time_ns(),
      summary: JSON.parse(sim.summary_json()) as Summary,
      indexes: s.indexes,
      leafFill: ids.map((i) => own(sim.leaf_fill(i))),
      leafState: ids.map((i) => own(sim.leaf_state(i))),
      splitsSinceNs: s.splitsSeenNs,
      upper: ids.map((i) => own(sim.tree_upper(i))),
      pool: own(sim.pool_frames()),
      series,
      events,
      threadStates: own(sim.thread_states()),
      ahiParts: JSON.parse(sim.ahi_parts_json()) as AhiPart[],
      qcKind: s.qcKind,
      qcOff: s.qcOff,
      qcBlocks: s.qcKind === 'none' ? new Uint32Array(0) : own(sim.qc_blocks()),
      qcLock: s.qcKind === 'none' ? NO_LOCK : (JSON.parse(sim.qc_lock_json()) as QcLock),
    };
    s.splitsSeenNs = frame.timeNs;
    if (statusText !== undefined) frame.statusText = statusText;
    const redo = sim.redo_json ? (JSON.parse(sim.redo_json()) as RedoState | null) : null;
    if (redo) frame.redo = redo;
    return frame;
  }

  private disposeAll(): void {
    this.sweep.cancel();
    this.snapshots.clear();
    for (const s of this.slots) s.sim.free();
    this.slots = [];
  }
}
