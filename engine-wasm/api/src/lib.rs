//! The whole JS boundary (the only crate that mentions wasm_bindgen): a `Simulation`
//! handle with commands, typed-array frames and JSON for small data. No panics on
//! user input: every bad value becomes an `EngineError` thrown as a JS `Error`.
//!
//! Its own crate, built for size (issue #2): it runs per call from JS, never inside
//! the simulation loop, and the JSON it writes (serde_json's code for every view
//! type is compiled where `to_string` is called) is most of its weight. The wasm
//! module itself is `innodb-lab-wasm` (`wasm/`), a cdylib at opt-level 3 that only
//! links this crate, so link-time optimization still runs at opt-level 3.
#![deny(clippy::unwrap_used)]

use innodb_lab::frames;
use innodb_lab::metrics::series::COLUMNS;
use innodb_lab::scenario::{parse_scenario, EngineError};
use innodb_lab::sim::Nanos;
use innodb_lab::sim_handle::SimHandle;
use wasm_bindgen::prelude::*;

fn js_err(e: EngineError) -> JsError {
    JsError::new(&e.to_json())
}

fn to_ns(v: f64, path: &str) -> Result<Nanos, JsError> {
    if v.is_finite() && (0.0..=9.0e18).contains(&v) {
        Ok(v as Nanos)
    } else {
        Err(js_err(EngineError::state(
            path,
            format!(
                "must be a finite time in ns ≥ 0, got {}",
                innodb_lab::scenario::numfmt::Num(v)
            ),
        )))
    }
}

/// Installs the panic hook once: a panic's message is kept for `take_panic_message`.
#[wasm_bindgen(start)]
pub fn start() {
    innodb_lab::sim_handle::install_panic_hook();
}

/// The message of the last engine panic (empty when none); clears it.
#[wasm_bindgen]
pub fn take_panic_message() -> String {
    innodb_lab::sim_handle::take_panic_message()
}

/// "[]" when the scenario is valid, else a JSON array of `{path, message}`.
#[wasm_bindgen]
pub fn validate_scenario(json: &str) -> String {
    match parse_scenario(json) {
        Ok(_) => "[]".to_string(),
        Err(e) => e.errors_json(),
    }
}

/// The scenarios of a sweep: `scenario_json` with the field `path` set to each
/// value of the JSON array `values_json`, each validated; a JSON array of strings.
#[wasm_bindgen]
pub fn sweep_scenarios_json(
    scenario_json: &str,
    path: &str,
    values_json: &str,
) -> Result<String, JsError> {
    innodb_lab::sweep::sweep_scenarios_json(scenario_json, path, values_json).map_err(js_err)
}

/// A complete scenario with every default filled in.
#[wasm_bindgen]
pub fn default_scenario_json() -> String {
    innodb_lab::sim_handle::default_scenario_json()
}

/// One simulation.
#[wasm_bindgen]
pub struct Simulation {
    h: SimHandle,
}

#[wasm_bindgen]
impl Simulation {
    /// Parses, validates and builds the scenario (runs its prepare phase).
    #[wasm_bindgen(constructor)]
    pub fn new(scenario_json: &str) -> Result<Simulation, JsError> {
        SimHandle::new(scenario_json)
            .map(|h| Simulation { h })
            .map_err(js_err)
    }

    /// Virtual time, ns.
    pub fn time_ns(&self) -> f64 {
        self.h.engine.now as f64
    }

    /// Virtual end of the run, ns.
    pub fn end_ns(&self) -> f64 {
        self.h.engine.end_time() as f64
    }

    /// Advances to `t_ns` (never past the run's end).
    pub fn run_until(&mut self, t_ns: f64) -> Result<(), JsError> {
        let t = to_ns(t_ns, "run_until.t_ns")?;
        self.h.engine.run_until(t);
        Ok(())
    }

    /// Advances to `t_ns` like `run_until`, but stops at the instant the workload runs
    /// out if that comes first (once: afterwards it is `run_until`). A finished run
    /// then ends at the same time however the caller sliced time.
    pub fn run_until_finish(&mut self, t_ns: f64) -> Result<(), JsError> {
        let t = to_ns(t_ns, "run_until_finish.t_ns")?;
        self.h.engine.run_until_finish(t);
        Ok(())
    }

    /// The run is complete: its end reached, or its workload ran out
    /// (`summary_json().done`, without building the summary).
    pub fn is_done(&self) -> bool {
        self.h.engine.done()
    }

    /// Advances by `dt_ns`.
    pub fn run_for(&mut self, dt_ns: f64) -> Result<(), JsError> {
        let dt = to_ns(dt_ns, "run_for.dt_ns")?;
        let t = self.h.engine.now.saturating_add(dt);
        self.h.engine.run_until(t);
        Ok(())
    }

    /// Changes a runtime knob now (recorded in the command log).
    pub fn set_knob(&mut self, name: &str, value: f64) -> Result<(), JsError> {
        self.h.set_knob(name, value).map_err(js_err)
    }

    /// Saves the full state; returns its id.
    pub fn snapshot(&mut self) -> u32 {
        self.h.snapshot()
    }

    /// Returns to a saved state exactly.
    pub fn restore(&mut self, id: u32) -> Result<(), JsError> {
        self.h.restore(id).map_err(js_err)
    }

    /// Forgets a saved state.
    pub fn drop_snapshot(&mut self, id: u32) {
        self.h.drop_snapshot(id);
    }

    /// Back to t = 0 with the same scenario.
    pub fn reset(&mut self) -> Result<(), JsError> {
        self.h.reset().map_err(js_err)
    }

    /// The normalized scenario.
    pub fn scenario_json(&self) -> String {
        self.h.engine.scenario.to_json()
    }

    /// The command log: `[{"tNs":…, "name":…, "value":…}]`.
    pub fn commands_json(&self) -> String {
        self.h.commands_json()
    }

    /// `IndexInfo[]`.
    pub fn indexes_json(&self) -> String {
        self.h.indexes_json()
    }

    /// `Summary`.
    pub fn summary_json(&self) -> String {
        serde_json::to_string(&self.h.engine.summary()).unwrap_or_default()
    }

    /// `{"next": n, "events": [...]}` for events numbered ≥ `since`.
    pub fn events_json(&self, since: f64) -> String {
        self.h.events_json(since.max(0.0) as u64)
    }

    /// Series column names.
    pub fn series_columns_json(&self) -> String {
        serde_json::to_string(COLUMNS).unwrap_or_default()
    }

    /// Samples taken so far.
    pub fn series_len(&self) -> u32 {
        self.h.engine.series.len() as u32
    }

    /// Samples from `since` on, flattened rows.
    pub fn series(&self, since: u32) -> Vec<f64> {
        self.h.engine.series.since(since as usize).to_vec()
    }

    /// Fill byte per leaf page of `index`, key order.
    pub fn leaf_fill(&self, index: u32) -> Vec<u8> {
        frames::leaf_fill(&self.h.engine, index as usize)
    }

    /// State byte per leaf page of `index`, key order.
    pub fn leaf_state(&mut self, index: u32) -> Vec<u8> {
        self.h.leaf_state(index as usize)
    }

    /// Upper levels of `index`, 4 words per page.
    pub fn tree_upper(&self, index: u32) -> Vec<u32> {
        frames::tree_upper(&self.h.engine, index as usize)
    }

    /// One byte per buffer pool frame, LRU order then free.
    pub fn pool_frames(&self) -> Vec<u8> {
        frames::pool_frames(&self.h.engine)
    }

    /// The records of one leaf page (zoom).
    pub fn page_records_json(&self, index: u32, leaf_ordinal: u32, max: u32) -> String {
        match frames::page_records(
            &self.h.engine,
            index as usize,
            leaf_ordinal as usize,
            max.min(2000) as usize,
        ) {
            Some(v) => serde_json::to_string(&v).unwrap_or_default(),
            None => "null".to_string(),
        }
    }

    /// Approximate bytes one snapshot of this simulation costs.
    pub fn approx_bytes(&self) -> f64 {
        self.h.engine.approx_bytes() as f64
    }

    /// SHOW ENGINE INNODB STATUS–like text (per-second averages since the last call).
    pub fn status_text(&mut self) -> String {
        self.h.status_text()
    }

    /// One byte per client thread: 0 idle, 1 running, 2 waiting for a core,
    /// 3 waiting for IO, 4 spinning on a latch, 5 asleep on a latch,
    /// 6 waiting for the query cache lock.
    pub fn thread_states(&self) -> Vec<u8> {
        self.h.engine.thread_states()
    }

    /// The AHI partitions: `[{part, nodes, cells, heapPages, xHeld, readers, sleepers, xSpinWaits, xOsWaits}]`.
    pub fn ahi_parts_json(&self) -> String {
        serde_json::to_string(&self.h.engine.ahi_parts()).unwrap_or_default()
    }

    /// The redo ring and flushing state: `RedoState` (frames.ts).
    pub fn redo_json(&self) -> String {
        serde_json::to_string(&self.h.engine.redo_view()).unwrap_or_default()
    }

    /// The query cache arena strip: `[type, units]` pairs (u32), MySQL blocks in
    /// arena order, Aurora entries in LRU order then the free rest (frames.ts).
    pub fn qc_blocks(&self) -> Vec<u32> {
        self.h.engine.qc.blocks()
    }

    /// The query cache lock now: `{"holder": tid|null, "waiting": n, "acquisitions",
    /// "waits", "timeouts", "mutex_spin_waits", "mutex_os_waits"}`
    /// (MySQL, the mutex fields for `structure_guard_mutex`; Aurora has no global
    /// lock: holder null, 0s).
    pub fn qc_lock_json(&self) -> String {
        let l = &self.h.engine.qc_lock;
        // A plain struct, not `json!` (a map of `Value`s costs ~1.5 KB more wasm);
        // fields in the alphabetical order `json!`'s sorted map printed them in.
        #[derive(serde::Serialize)]
        struct QcLock {
            acquisitions: u64,
            holder: Option<innodb_lab::sim::cpu::Tid>,
            mutex_os_waits: u64,
            mutex_spin_waits: u64,
            timeouts: u64,
            waiting: u32,
            waits: u64,
        }
        serde_json::to_string(&QcLock {
            acquisitions: l.stats.acquisitions,
            holder: l.holder(),
            mutex_os_waits: l.mutex.stats.sleeps,
            mutex_spin_waits: l.mutex.stats.spins,
            timeouts: l.stats.timeouts,
            waiting: l.waiting(),
            waits: l.stats.waits,
        })
        .unwrap_or_default()
    }

    /// A sweep row for the state now (`SweepRow`, frames.ts).
    pub fn sweep_row_json(&self) -> String {
        serde_json::to_string(&innodb_lab::sweep::sweep_row(&self.h.engine)).unwrap_or_default()
    }

    /// Test-only: makes the engine panic, to exercise crash recovery in the UI.
    pub fn debug_panic(&self) {
        innodb_lab::sim_handle::debug_panic();
    }
}

/// The storage B+tree alone, for `npm run bench` (not used by the site): keys in, the
/// caller times `insert_all` and `lookup_all`.
#[wasm_bindgen]
pub struct BtreeBench {
    inner: innodb_lab::bench::BtreeBench,
}

#[wasm_bindgen]
impl BtreeBench {
    /// `keys`: `key_len`-byte keys back to back (e.g. 23-byte sysbench template ids).
    #[wasm_bindgen(constructor)]
    pub fn new(keys: &[u8], key_len: u32) -> Result<BtreeBench, JsError> {
        innodb_lab::bench::BtreeBench::new(keys, key_len as usize)
            .map(|inner| BtreeBench { inner })
            .map_err(|m| js_err(EngineError::state("key_len", m)))
    }

    /// Keys given.
    pub fn key_count(&self) -> u32 {
        self.inner.key_count() as u32
    }

    /// Inserts every key in order; returns how many went in (duplicates are refused).
    pub fn insert_all(&mut self) -> u32 {
        self.inner.insert_all()
    }

    /// `BTree::get` for every key in order; returns how many were found.
    pub fn lookup_all(&self) -> u32 {
        self.inner.lookup_all()
    }

    /// Pages the tree uses.
    pub fn pages(&self) -> u32 {
        self.inner.pages() as u32
    }

    /// Tree height.
    pub fn height(&self) -> u32 {
        self.inner.height() as u32
    }
}
