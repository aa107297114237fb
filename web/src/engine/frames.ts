// Typed-array layouts that cross the wasm boundary, and the decoded Frame the worker
// posts to the main thread. This file is THE reference for every bulk layout; the
// Rust side (engine-wasm/src/frames.rs) must match it byte for byte.

/** Names of the per-index arrays. `index` is the engine's index number (0 = clustered). */
export interface IndexInfo {
  id: number;
  name: string; // e.g. "PRIMARY", "idx_number"
  table: string;
  clustered: boolean;
}

/**
 * leaf_fill(index): Uint8Array, one byte per leaf page in key order (left to right):
 *   fill = round(255 * used_bytes / 16252).
 * leaf_state(index): Uint8Array, same order: bit0 resident in the pool, bit1 dirty,
 *   bit2 split since the previous frame (highlight), bit3 hashed by the AHI.
 */
export const LEAF_RESIDENT = 1;
export const LEAF_DIRTY = 2;
export const LEAF_SPLIT_RECENT = 4;
/** bit3: the page carries an adaptive hash index. */
export const LEAF_HASHED = 8;

/**
 * tree_upper(index): Uint32Array, 4 words per non-leaf page, levels from the root
 * down to level 1, each level in key order:
 *   [level, first_leaf_ordinal, n_leaves_under, fill_0_255]
 */
export const UPPER_STRIDE = 4;

/**
 * pool_frames(): Uint8Array, one byte per buffer-pool frame, LRU order from the head
 * (most recently made young) to the tail, then the free frames:
 *   bits 0-1: 0 free, 1 clean, 2 dirty; bit 2: in the old sublist;
 *   bits 3-7: index id + 1 of the page held (0 = none / other).
 * The midpoint is the first frame whose old bit is set.
 */
export const FRAME_FREE = 0;
export const FRAME_CLEAN = 1;
export const FRAME_DIRTY = 2;
export const FRAME_OLD = 4;

/**
 * thread_states(): Uint8Array, one byte per client thread (indexed by session number,
 * idle threads included), the thread's state at the frame's instant:
 */
export const THREAD_IDLE = 0;
export const THREAD_RUNNING = 1;
/** runnable, queued for a core */
export const THREAD_WAIT_CPU = 2;
export const THREAD_WAIT_IO = 3;
/** spinning on a latch (holds a core) */
export const THREAD_SPINNING = 4;
/** asleep in a latch's wait queue (an OS wait) */
export const THREAD_SLEEPING = 5;
/** asleep on the query cache lock's condition: "Waiting for query cache lock" (MySQL 5.7) */
export const THREAD_WAIT_QC_LOCK = 6;
/** Number of thread states (bytes are 0 .. THREAD_STATE_COUNT - 1). */
export const THREAD_STATE_COUNT = 7;

/**
 * qc_blocks(): Uint32Array of [type, bytes] pairs, the query cache memory as a strip.
 * MySQL: every block of the arena in address order (they tile it exactly);
 * Aurora (conceptual, no arena): complete entries in LRU order (oldest first), then
 * one FREE pair for the unused budget. Empty when the server has no query cache (or
 * size 0).
 */
export const QC_BLOCK_FREE = 0;
export const QC_BLOCK_QUERY = 1;
/** a complete result (first block of its chain) */
export const QC_BLOCK_RESULT = 2;
/** a further block of a result chain */
export const QC_BLOCK_RES_CONT = 3;
/** the first block of a result still being written (4096 bytes until end_of_result) */
export const QC_BLOCK_RES_BEG = 4;
/** a table's block (the ring of its queries) */
export const QC_BLOCK_TABLE = 5;
export const QC_BLOCK_STRIDE = 2;
/** The strip draws 512 B as one unit (query_cache_min_res_unit is 8 of them). */
export const QC_UNIT_BYTES = 512;

/** qc_lock_json(): the query cache's one global lock (MySQL); Aurora: holder null. */
export interface QcLock {
  holder: number | null; // thread number holding it
  waiting: number; // threads asleep on its condition
  acquisitions: number; // cumulative
  waits: number; // cumulative: requests that found it taken
  timeouts: number; // cumulative: 50 ms waits that gave up (lookups, stores)
  /** structure_guard_mutex (the mutex inside try_lock/unlock): failed CAS retries and futex sleeps, cumulative. */
  mutex_spin_waits?: number;
  mutex_os_waits?: number;
}

/** sweep_row_json(): one row of a sweep (the article's charts). */
export interface SweepRow {
  seconds: number;
  selectsPerS: number; // Com_select + Qcache_hits per simulated second
  qps: number;
  hitRate: number; // 0..1
  queriesInCache: number;
  inserts: number;
  lowmemPrunes: number;
  notCached: number;
  freeMemory: number;
  freeBlocks: number;
  latencyP95Us: number;
}

/** Which query cache a scenario's server has (server.query_cache). */
export type QcKind = 'none' | 'mysql' | 'aurora';

/** The SweepRow fields a sweep chart may plot. */
export const SWEEP_METRICS = ['selectsPerS', 'qps', 'hitRate', 'queriesInCache', 'inserts', 'lowmemPrunes', 'notCached', 'freeMemory', 'freeBlocks', 'latencyP95Us'] as const;
export type SweepMetric = (typeof SWEEP_METRICS)[number];

/** ahi_parts_json(): one adaptive hash index partition and its rw-latch, now. */
export interface AhiPart {
  part: number;
  nodes: number; // hash entries (records hashed)
  cells: number; // hash table size
  heapPages: number; // buffer pool pages taken by the node heap
  xHeld: boolean; // x-latched right now (a build or a drop in progress)
  readers: number; // s-latch holders right now
  sleepers: number; // threads asleep in the latch's wait queue
  xSpinWaits: number; // cumulative
  xOsWaits: number; // cumulative
}

/** Thresholds of the redo log, bytes of age (engine-wasm/src/redo/limits.rs). */
export interface RedoLimits {
  fileCapacity: number; // bytes the log files hold
  capacity: number; // log_get_capacity() (5.x: files less 10%; 8.0.30: soft capacity)
  maxModifiedAgeAsync: number; // async point (8.0.30: adaptive_flush_min_age)
  maxModifiedAgeSync: number; // sync point, furious flushing (8.0.30: adaptive_flush_max_age)
  maxCheckpointAgeAsync: number; // 8.0.30: aggressive_checkpoint_min_age
  maxCheckpointAge: number; // 8.0.30: the soft capacity
  hardCapacity: number; // 8.0.30 only (0 before)
  concurrencyMargin: number; // 8.0.30 only
  limitForDirtyPageAge: number; // 8.0.30 only
  limitForFreeCheck: number; // 8.0.30 only: user threads wait above this checkpoint age
}

/** Why a flush-list batch runs. */
export type FlushReason = 'adaptive' | 'sync' | 'async' | 'background' | 'master';

/**
 * redo_json(): the redo ring and flushing now (engine-wasm/src/server/flush.rs RedoView).
 * The ring runs from checkpointLsn (tail) to lsn (head); checkpointAge = lsn − checkpointLsn,
 * modifiedAge = lsn − oldestModification. LSNs are bytes of 512-byte log blocks (12-byte
 * header and 4-byte trailer included, log0log.cc); thresholds are ages in those bytes.
 */
export interface RedoState {
  policy: string; // "5.5" | "5.6" | "5.6-labs" | "5.7" | "8.0.30" | "percona-5.5-estimate" | "percona-5.5-keep_average"
  lsn: number; // log_lsn_current
  checkpointLsn: number; // log_lsn_last_checkpoint
  oldestModification: number; // = lsn when nothing is dirty
  checkpointAge: number;
  modifiedAge: number;
  limits: RedoLimits;
  pagesDirty: number;
  pagesWriting: number; // dirty pages with a write in flight
  syncFlushLsn: number; // buf_flush_sync_lsn, 0 = none pending
  threadsWaiting: number; // client threads blocked in log_free_check
  batch: { reason: FlushReason; pages: number; outstanding: number; byCleaner: boolean } | null;
  recommendation: { nPages: number; lsnLimit: number; pctForDirty: number; pctForLsn: number; avgPageRate: number; lsnAvgRate: number; nByAge: number };
  knobs: { ioCapacity: number; ioCapacityMax: number; adaptiveFlushing: boolean; adaptiveFlushingLwm: number; maxDirtyPagesPct: number; maxDirtyPagesPctLwm: number; flushingAvgLoops: number };
  flushSync: boolean;
  redoBytes: number; // record bytes written (without block headers/trailers)
  /** Dirty pages by age (lsn − oldest_modification): bin i covers [i, i+1) × ageBinBytes, the last bin also anything older. */
  dirtyByAge: number[];
  ageBinBytes: number; // limits.maxCheckpointAge / dirtyByAge.length, rounded up
}

/**
 * series(since): Float64Array, rows of series_columns().length values, one row per
 * metric sample (every sample interval of simulated time), starting at sample
 * index `since`. Column 0 is always the sample time in simulated seconds.
 */
export interface SeriesBlock {
  columns: string[];
  firstIndex: number;
  rows: number[][];
}

/** One semantic event of the engine (small structured lane, serde camelCase). */
export type TraceEvent =
  | { t: number; kind: 'PageSplit'; index: number; page: number; newPage: number; level: number; split: 'to_right' | 'to_left' | 'middle' }
  | { t: number; kind: 'RootRaise'; index: number; page: number; newPage: number; level: number }
  | { t: number; kind: 'PageRead'; index: number; page: number }
  | { t: number; kind: 'PageEvict'; index: number; page: number; dirty: boolean }
  | { t: number; kind: 'PageWrite'; index: number; page: number }
  | { t: number; kind: 'FlushBatch'; reason: FlushReason; pages: number; requested: number; lsnLimit: number; oldest: number; lsn: number }
  | { t: number; kind: 'Checkpoint'; lsn: number; age: number }
  | { t: number; kind: 'QcInsert'; offset: number; bytes: number } // query block registered (Aurora: offset 0)
  | { t: number; kind: 'QcResult'; offset: number; bytes: number } // result completed (first block after trim)
  | { t: number; kind: 'QcPrune'; offset: number } // free_old_query (Qcache_lowmem_prunes)
  | { t: number; kind: 'QcInvalidate'; queries: number } // a write dropped the table's queries
  | { t: number; kind: string; [k: string]: unknown };

/** information_schema.TABLES-like row per table, plus per-index detail. */
export interface TableSize {
  table: string;
  rows: number;
  dataLength: number; // bytes, clustered index segments
  indexLength: number; // bytes, all secondary index segments
  dataPerRow: number;
  indexPerRow: number;
}

export interface IndexStats {
  index: number;
  name: string;
  table: string;
  height: number;
  leafPages: number;
  nonLeafPages: number;
  avgLeafFill: number; // 0..1
  splits: { toRight: number; toLeft: number; middle: number };
}

/** summary_json(): everything small the UI shows as numbers. */
export interface Summary {
  timeNs: number;
  counters: Record<string, number>; // MySQL names, e.g. Innodb_buffer_pool_reads
  tables: TableSize[];
  indexes: IndexStats[];
  latency: { count: number; meanUs: number; p50Us: number; p95Us: number; p99Us: number };
  /** Client threads by state; `total` counts the non-idle ones. */
  threads: { clients?: number; total: number; running: number; waitingCpu: number; waitingIo: number; spinning: number; sleepingOnLatch: number; waitingQcLock?: number };
  done: boolean; // the scenario's run target (rows or duration) is reached
  /** When the workload ran out (its last row inserted); null while it runs and for runs that end at their duration. */
  finishedNs: number | null;
  /** The workload stops at a row target (inserts up to workload.max_rows, closed loop), so it can finish before the duration. */
  canFinish: boolean;
  /** innodb_adaptive_hash_index now (a knob or a scheduled change may switch it); absent in older records. */
  ahiOn?: boolean;
}

/** What the worker posts for one simulation per animation frame. */
export interface Frame {
  timeNs: number;
  summary: Summary;
  indexes: IndexInfo[];
  leafFill: Uint8Array[]; // per index
  leafState: Uint8Array[]; // per index
  /** Simulated time of the frame before (the engine's one before, however many were
   *  shown): leafState's split bits flag what split since then. */
  splitsSinceNs?: number;
  upper: Uint32Array[]; // per index
  pool: Uint8Array;
  series: SeriesBlock; // new rows since the previous frame
  events: TraceEvent[]; // new events since the previous frame (capped)
  threadStates: Uint8Array; // thread_states(), one byte per client thread
  /**
   * The engine got here by going to a time (a seek or a step: one runTo without a wall
   * budget) since the frame before, not by playback: what lay between was not shown.
   */
  jumped?: boolean;
  /**
   * Shown by a seek (a link's time, the scrubber), not a step: the player ran the whole way
   * there in chunks and drew a frame now and then, so each such frame stands for a
   * stretch nobody watched. Set by the player, not the engine.
   */
  sought?: boolean;
  ahiParts: AhiPart[]; // ahi_parts_json()
  /** redo_json(), when the engine models the redo log. */
  redo?: RedoState;
  /** The scenario's query cache (server.query_cache; "none" when the field is absent). */
  qcKind: QcKind;
  /** The scenario sets server.query_cache_type = OFF: the cache exists but no statement uses it. */
  qcOff: boolean;
  /** qc_blocks(): [type, bytes] pairs; empty without a cache or with size 0. */
  qcBlocks: Uint32Array;
  /** qc_lock_json() */
  qcLock: QcLock;
  /**
   * status_text(), only in frames asked for it (`frame` with statusText) and then at most
   * once per STATUS_MIN_INTERVAL_MS of wall time, after virtual time moved (host.ts).
   */
  statusText?: string;
}
