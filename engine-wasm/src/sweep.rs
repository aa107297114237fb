//! Sweeps: one scenario run over a list of values of one field (cache size 0,
//! 64 MB … 16 GB; thread counts), one row of headline numbers per value. The CLI
//! (`innodb-sim sweep`) runs them natively; the web worker asks for the scenarios
//! (`sweep_scenarios`) and runs each itself so it can show progress and cancel.

use crate::scenario::{parse_scenario, EngineError};
use crate::server::Engine;
use crate::sim::SEC;
use serde::Serialize;

/// Sweep planning (scenario JSON in, scenario JSONs out) is cold code and lives in
/// the scenario crate.
pub use crate::scenario::sweep::{sweep_scenarios, sweep_scenarios_json, MAX_SWEEP_VALUES};

/// One row of a sweep: what the article's charts plot.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SweepRow {
    /// Simulated seconds run.
    pub seconds: f64,
    /// SELECTs answered per second (`Com_select` + `Qcache_hits`).
    pub selects_per_s: f64,
    /// Statements completed per second (sysbench's qps).
    pub qps: f64,
    /// `Qcache_hits` / SELECTs.
    pub hit_rate: f64,
    /// `Qcache_queries_in_cache` at the end.
    pub queries_in_cache: u64,
    /// `Qcache_inserts`.
    pub inserts: u64,
    /// `Qcache_lowmem_prunes`.
    pub lowmem_prunes: u64,
    /// `Qcache_not_cached`.
    pub not_cached: u64,
    /// `Qcache_free_memory`.
    pub free_memory: u64,
    /// `Qcache_free_blocks`.
    pub free_blocks: u64,
    /// Statement latency p95, µs.
    pub latency_p95_us: f64,
}

/// The row for an engine's state now.
pub fn sweep_row(e: &Engine) -> SweepRow {
    let secs = (e.now as f64 / SEC as f64).max(1e-9);
    let c = e.qc.counters();
    let selects = e.stats.selects + c.hits;
    SweepRow {
        seconds: secs,
        selects_per_s: selects as f64 / secs,
        qps: e.stats.completed as f64 / secs,
        hit_rate: if selects > 0 {
            c.hits as f64 / selects as f64
        } else {
            0.0
        },
        queries_in_cache: c.queries_in_cache,
        inserts: c.inserts,
        lowmem_prunes: c.lowmem_prunes,
        not_cached: c.not_cached,
        free_memory: c.free_memory,
        free_blocks: c.free_blocks,
        latency_p95_us: e.hist.quantile_ns(0.95) as f64 / 1e3,
    }
}

/// Runs a scenario to its end (or `until` ns, or the instant its workload runs out)
/// in 0.1 s slices; returns the row.
#[inline] // compiled in api/, for size (see Engine::new)
pub fn run_row(scenario: &str, until: Option<u64>) -> Result<SweepRow, EngineError> {
    let mut e = Engine::new(parse_scenario(scenario)?)?;
    let end = until.unwrap_or(e.end_time()).min(e.end_time());
    while e.now < end && !e.done() {
        let next = (e.now + SEC / 10).min(end);
        e.run_until_finish(next);
    }
    Ok(sweep_row(&e))
}
