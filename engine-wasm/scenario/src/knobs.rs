//! Runtime knobs: what can change while a simulation runs (from the UI, or at a
//! time set in the scenario's `run.changes`), with the allowed range of each.

use super::error::EngineError;
use crate::numfmt::Num;

/// Runtime knobs: name (a scenario path), min, max. Values are integers.
pub const KNOBS: &[(&str, f64, f64)] = &[
    ("workload.threads", 1.0, 4096.0),
    ("storage.read_latency_us", 1.0, 1_000_000.0),
    ("storage.write_latency_us", 1.0, 1_000_000.0),
    ("storage.commit_latency_us", 0.0, 1_000_000.0),
    ("server.innodb_adaptive_hash_index", 0.0, 1.0),
    ("server.innodb_io_capacity", 100.0, 1_000_000.0),
    ("server.innodb_io_capacity_max", 100.0, 2_000_000.0),
    ("server.innodb_adaptive_flushing", 0.0, 1.0),
    ("server.innodb_adaptive_flushing_lwm", 0.0, 70.0),
    ("server.innodb_max_dirty_pages_pct", 0.0, 99.0),
    ("server.innodb_max_dirty_pages_pct_lwm", 0.0, 99.0),
    ("server.innodb_flushing_avg_loops", 1.0, 1000.0),
    ("server.innodb_flush_sync", 0.0, 1.0),
    // The flushing policy by code: 0 "5.5", 1 "5.6", 2 "5.6-labs", 3 "5.7", 4 "8.0.30",
    // 5 "percona-5.5-estimate", 6 "percona-5.5-keep_average" (redo::POLICIES order).
    ("server.flushing", 0.0, 6.0),
    // Data device operations per second (page reads and writes share them).
    ("storage.iops", 10.0, 10_000_000.0),
    ("server.query_cache_type", 0.0, 2.0),
];

/// Checks a knob name and value; the error names the knob and what is allowed.
#[inline(never)]
pub fn check_knob(name: &str, value: f64) -> Result<(), EngineError> {
    let Some(&(_, min, max)) = KNOBS.iter().find(|k| k.0 == name) else {
        let names: Vec<&str> = KNOBS.iter().map(|k| k.0).collect();
        let shown: String = name.chars().take(40).collect();
        return Err(EngineError::knob(
            &shown,
            format!("unknown knob; runtime knobs: {}", names.join(", ")),
        ));
    };
    if !value.is_finite() || value < min || value > max || value.fract() != 0.0 {
        return Err(EngineError::knob(
            name,
            format!(
                "must be an integer from {} to {}, got {}",
                Num(min),
                Num(max),
                Num(value)
            ),
        ));
    }
    Ok(())
}
