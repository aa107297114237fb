// The wasm `Simulation` class and module functions as TypeScript sees them (WASM_API.md).
// The worker codes against these interfaces so tests can drive it with a fake engine.

/** One simulation handle exported by the wasm package. */
export interface Simulation {
  free(): void;
  time_ns(): number;
  run_until(t_ns: number): void;
  /** run_until, but stops at the instant the workload runs out if that comes first (once). */
  run_until_finish(t_ns: number): void;
  /** The run is complete (summary_json().done without building the summary). */
  is_done(): boolean;
  run_for(dt_ns: number): void;
  set_knob(name: string, value: number): void;
  snapshot(): number;
  /** Approximate bytes one snapshot costs (the engine's own estimate). */
  approx_bytes(): number;
  restore(id: number): void;
  drop_snapshot(id: number): void;
  scenario_json(): string;
  indexes_json(): string;
  summary_json(): string;
  events_json(since: number): string;
  series_columns_json(): string;
  series_len(): number;
  series(since: number): Float64Array;
  leaf_fill(index: number): Uint8Array;
  leaf_state(index: number): Uint8Array;
  tree_upper(index: number): Uint32Array;
  pool_frames(): Uint8Array;
  page_records_json(index: number, leaf_ordinal: number, max: number): string;
  /** SHOW ENGINE INNODB STATUS-like text; per-second averages since the previous call. */
  status_text(): string;
  /** One byte per client thread (frames.ts THREAD_*). */
  thread_states(): Uint8Array;
  /** AhiPart[] as JSON (frames.ts). */
  ahi_parts_json(): string;
  /** Virtual time at which the scenario's run ends (run.duration_s), ns. */
  end_ns(): number;
  /** The query cache as [type, units of 512 B] pairs (frames.ts QC_BLOCK_*); empty without a cache. */
  qc_blocks(): Uint32Array;
  /** QcLock as JSON (frames.ts). */
  qc_lock_json(): string;
  /** SweepRow as JSON (frames.ts): the headline numbers of the run so far. */
  sweep_row_json(): string;
  /** RedoState as JSON (frames.ts): LSN, checkpoint, thresholds, batch, recommendation, dirty pages by age. Optional for test doubles. */
  redo_json?(): string;
  /** Test-only: a deliberate Rust panic (traps the instance), to exercise crash recovery. */
  debug_panic(): void;
}

/** The module surface the worker needs (constructor + free functions). */
export interface EngineModule {
  Simulation: new (scenarioJson: string) => Simulation;
  validate_scenario(json: string): string;
  default_scenario_json(): string;
  /**
   * The scenarios of a sweep: `scenario` with the field `path` set to each value of the
   * JSON array `values`, each validated; a JSON array of scenario strings. Throws an
   * EngineError naming `path` for a bad value.
   */
  sweep_scenarios_json(scenario: string, path: string, values: string): string;
  /** The message of the last engine panic ("" when none); clears it. Read right after a trap. */
  take_panic_message?(): string;
}
