//! Parses scenario JSON with defaults and collects *every* bad field with its path
//! and what is allowed (serde alone would stop at the first error).

use super::error::{ConfigError, EngineError};
use super::knobs::check_knob;
use super::read_parts::{read_table, read_workload};
use super::reader::Reader;
use super::rules::{check_server, check_table};
use super::types::*;
use crate::numfmt::Num;
use crate::policy::{FlushPolicy, POLICIES};
use serde_json::Value;

/// Longest accepted scenario text (bytes); protects the engine from huge inputs.
pub const MAX_SCENARIO_BYTES: usize = 256 * 1024;

/// A complete default scenario, as indented JSON.
#[inline(never)]
pub fn default_scenario_json() -> String {
    match parse_scenario(r#"{"table":{"prepare_rows":10000}}"#) {
        Ok(s) => s.to_json_pretty(),
        Err(e) => e.to_json(),
    }
}

/// Parses and validates scenario JSON; on failure returns every bad field.
#[inline(never)]
pub fn parse_scenario(json: &str) -> Result<Scenario, EngineError> {
    if json.len() > MAX_SCENARIO_BYTES {
        return Err(EngineError::config(vec![ConfigError::new(
            "",
            format!(
                "scenario is {} bytes; at most {MAX_SCENARIO_BYTES} allowed",
                json.len()
            ),
        )]));
    }
    let v: Value = serde_json::from_str(json).map_err(|e| {
        EngineError::config(vec![ConfigError::new("", format!("not valid JSON: {e}"))])
    })?;
    let mut errors = Vec::new();
    let s = read(&v, &mut errors);
    if errors.is_empty() {
        Ok(s)
    } else {
        Err(EngineError::config(errors))
    }
}

/// Validates an already parsed scenario's cross-field rules (used after knob overrides).
#[inline(never)]
pub fn validate(s: &Scenario) -> Vec<ConfigError> {
    let mut errors = Vec::new();
    check_table(&s.table, &s.workload, &mut errors);
    check_server(&s.server, &mut errors);
    check_run(&s.run, &mut errors);
    errors
}

/// Samples a run may take (`run.duration_s` / `run.sample_ms`): each is a row of the metric
/// series, kept for the whole run in the engine and in the page. 86,400 s at 1 ms, in range
/// field by field, grew the page by gigabytes until it stopped answering.
pub const MAX_SAMPLES: f64 = 100_000.0;

fn check_run(run: &RunConfig, errors: &mut Vec<ConfigError>) {
    let samples = run.duration_s * 1000.0 / run.sample_ms as f64;
    if samples > MAX_SAMPLES {
        // Num: the seconds written without core's float formatting (kB of wasm)
        let least = (run.duration_s * 1000.0 / MAX_SAMPLES).ceil() as u64;
        errors.push(ConfigError::new(
            "run.sample_ms",
            format!(
                "a run takes at most {} samples (run.duration_s / run.sample_ms): {} s every {} ms is {}; give a sample_ms of at least {least} or a shorter run.duration_s",
                MAX_SAMPLES as u64,
                Num(run.duration_s),
                run.sample_ms,
                samples.round() as u64
            ),
        ));
    }
}

fn read(v: &Value, errors: &mut Vec<ConfigError>) -> Scenario {
    let mut r = Reader { errors };
    let top = r.object(
        Some(v),
        "",
        &[
            "version",
            "seed",
            "server",
            "storage",
            "table",
            "workload",
            "run",
            "description",
        ],
    );
    if top.is_none() {
        r.err("", "a scenario must be a JSON object");
    }
    // A free-text note for readers (e.g. how the scenario is scaled); not used.
    match top.and_then(|m| m.get("description")) {
        None | Some(Value::Null) => {}
        Some(Value::String(d)) if d.len() <= 4000 => {}
        Some(_) => r.err("description", "must be a text of at most 4000 characters"),
    }
    let version = r.uint(
        top,
        "",
        "version",
        SCENARIO_VERSION as u64,
        1,
        SCENARIO_VERSION as u64,
    ) as u32;
    let seed = r.uint(top, "", "seed", 42, 0, u32::MAX as u64);

    let sv = r.object(
        top.and_then(|m| m.get("server")),
        "server",
        &[
            "cores",
            "innodb_buffer_pool_pages",
            "innodb_old_blocks_pct",
            "innodb_old_blocks_time_ms",
            "innodb_lru_scan_depth",
            "version",
            "innodb_adaptive_hash_index",
            "innodb_adaptive_hash_index_parts",
            "innodb_sync_spin_loops",
            "innodb_spin_wait_delay",
            "flushing",
            "innodb_log_file_size_mb",
            "innodb_log_files_in_group",
            "innodb_redo_log_capacity_mb",
            "innodb_io_capacity",
            "innodb_io_capacity_max",
            "innodb_adaptive_flushing",
            "innodb_adaptive_flushing_lwm",
            "innodb_max_dirty_pages_pct",
            "innodb_max_dirty_pages_pct_lwm",
            "innodb_flushing_avg_loops",
            "innodb_flush_sync",
            "query_cache",
            "query_cache_type",
            "query_cache_size",
            "query_cache_limit",
            "query_cache_min_res_unit",
            "aurora_role",
        ],
    );
    let server_version = r.choice(
        sv,
        "server",
        "version",
        MysqlVersion::V8030,
        &[
            ("5.7", MysqlVersion::V57),
            ("8.0.25", MysqlVersion::V8025),
            ("8.0.30", MysqlVersion::V8030),
        ],
    );
    let flushing = r.choice(
        sv,
        "server",
        "flushing",
        match server_version {
            MysqlVersion::V8030 => FlushPolicy::V8030,
            _ => FlushPolicy::V57,
        },
        POLICIES,
    );
    let io_capacity = r.uint(sv, "server", "innodb_io_capacity", 200, 100, 1_000_000) as u32;
    let server = ServerConfig {
        cores: r.uint(sv, "server", "cores", 8, 1, 256) as u32,
        innodb_buffer_pool_pages: r.uint(
            sv,
            "server",
            "innodb_buffer_pool_pages",
            1024,
            64,
            1 << 20,
        ) as u32,
        innodb_old_blocks_pct: r.uint(sv, "server", "innodb_old_blocks_pct", 37, 5, 95) as u32,
        innodb_old_blocks_time_ms: r.uint(
            sv,
            "server",
            "innodb_old_blocks_time_ms",
            1000,
            0,
            100_000,
        ) as u32,
        innodb_lru_scan_depth: r.uint(sv, "server", "innodb_lru_scan_depth", 1024, 100, 1 << 20)
            as u32,
        version: server_version,
        innodb_adaptive_hash_index: r.bool(sv, "server", "innodb_adaptive_hash_index", false),
        innodb_adaptive_hash_index_parts: r.uint(
            sv,
            "server",
            "innodb_adaptive_hash_index_parts",
            8,
            1,
            512,
        ) as u32,
        innodb_sync_spin_loops: r.uint(sv, "server", "innodb_sync_spin_loops", 30, 0, 10_000)
            as u32,
        innodb_spin_wait_delay: r.uint(sv, "server", "innodb_spin_wait_delay", 6, 0, 1_000) as u32,
        flushing,
        innodb_log_file_size_mb: r.uint(
            sv,
            "server",
            "innodb_log_file_size_mb",
            flushing.default_log_file_size_mb() as u64,
            1,
            512 * 1024,
        ) as u32,
        innodb_log_files_in_group: r.uint(sv, "server", "innodb_log_files_in_group", 2, 2, 100)
            as u32,
        innodb_redo_log_capacity_mb: r.uint(
            sv,
            "server",
            "innodb_redo_log_capacity_mb",
            100,
            2,
            512 * 1024,
        ) as u32,
        innodb_io_capacity: io_capacity,
        innodb_io_capacity_max: r.uint(
            sv,
            "server",
            "innodb_io_capacity_max",
            (2 * io_capacity).max(2000) as u64,
            100,
            2_000_000,
        ) as u32,
        innodb_adaptive_flushing: r.bool(sv, "server", "innodb_adaptive_flushing", true),
        innodb_adaptive_flushing_lwm: r.uint(
            sv,
            "server",
            "innodb_adaptive_flushing_lwm",
            10,
            0,
            70,
        ) as u32,
        innodb_max_dirty_pages_pct: r.uint(
            sv,
            "server",
            "innodb_max_dirty_pages_pct",
            flushing.default_max_dirty_pages_pct() as u64,
            0,
            99,
        ) as u32,
        innodb_max_dirty_pages_pct_lwm: r.uint(
            sv,
            "server",
            "innodb_max_dirty_pages_pct_lwm",
            flushing.default_max_dirty_pages_pct_lwm() as u64,
            0,
            99,
        ) as u32,
        innodb_flushing_avg_loops: r.uint(sv, "server", "innodb_flushing_avg_loops", 30, 1, 1000)
            as u32,
        innodb_flush_sync: r.bool(sv, "server", "innodb_flush_sync", true),
        query_cache: r.choice(
            sv,
            "server",
            "query_cache",
            QueryCacheKind::None,
            &[
                ("none", QueryCacheKind::None),
                ("mysql", QueryCacheKind::Mysql),
                ("aurora", QueryCacheKind::Aurora),
            ],
        ),
        query_cache_type: r.choice(
            sv,
            "server",
            "query_cache_type",
            QueryCacheType::On,
            &[
                ("OFF", QueryCacheType::Off),
                ("ON", QueryCacheType::On),
                ("DEMAND", QueryCacheType::Demand),
            ],
        ),
        query_cache_size: r.uint(
            sv,
            "server",
            "query_cache_size",
            1 << 20,
            0,
            crate::bounds::MAX_QUERY_CACHE_SIZE,
        ),
        query_cache_limit: r.uint(sv, "server", "query_cache_limit", 1 << 20, 0, 1 << 30),
        query_cache_min_res_unit: r.uint(
            sv,
            "server",
            "query_cache_min_res_unit",
            4096,
            512,
            1 << 20,
        ),
        aurora_role: r.choice(
            sv,
            "server",
            "aurora_role",
            None,
            &[
                ("none", None),
                ("writer", Some(AuroraRole::Writer)),
                ("reader", Some(AuroraRole::Reader)),
            ],
        ),
    };

    let st = r.object(
        top.and_then(|m| m.get("storage")),
        "storage",
        &[
            "read_latency_us",
            "write_latency_us",
            "iops",
            "commit_latency_us",
        ],
    );
    let storage = StorageConfig {
        read_latency_us: r.uint(st, "storage", "read_latency_us", 200, 1, 1_000_000) as u32,
        write_latency_us: r.uint(st, "storage", "write_latency_us", 200, 1, 1_000_000) as u32,
        iops: r.uint(st, "storage", "iops", 20_000, 10, 10_000_000) as u32,
        commit_latency_us: r.uint(st, "storage", "commit_latency_us", 100, 0, 1_000_000) as u32,
    };

    let table = read_table(&mut r, top.and_then(|m| m.get("table")));
    let workload = read_workload(&mut r, top.and_then(|m| m.get("workload")));

    let ru = r.object(
        top.and_then(|m| m.get("run")),
        "run",
        &["duration_s", "sample_ms", "changes"],
    );
    let changes = read_changes(&mut r, ru.and_then(|m| m.get("changes")));
    let run = RunConfig {
        duration_s: r.float(ru, "run", "duration_s", 60.0, 0.001, 86_400.0),
        sample_ms: r.uint(ru, "run", "sample_ms", 100, 1, 60_000) as u32,
        changes,
    };
    // Cross-field rules relate fields as written. Where a field did not parse, its default
    // stood in, and a rule then named what the reader never wrote: "query": "delete" also
    // gave "point_select needs rows to read" (the default query's rule), and a bad
    // "columns" a missing column of the default table. So they run once the parts they
    // relate parsed; their own errors come with the next check.
    let parsed = |part: &str, errors: &[ConfigError]| {
        !errors
            .iter()
            .any(|e| e.path.split(['.', '[']).next() == Some(part))
    };
    if parsed("table", errors) && parsed("workload", errors) {
        check_table(&table, &workload, errors);
    }
    if parsed("server", errors) {
        check_server(&server, errors);
    }
    if parsed("run", errors) {
        check_run(&run, errors);
    }
    let description = match top.and_then(|m| m.get("description")) {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(d)) if d.len() <= 4000 => d.clone(),
        Some(_) => {
            errors.push(ConfigError::new(
                "description",
                "must be a string of at most 4000 bytes",
            ));
            String::new()
        }
    };
    Scenario {
        description,
        version,
        seed,
        server,
        storage,
        table,
        workload,
        run,
    }
}

/// `run.changes`: at most 64 `{at_s, knob, value}` entries, sorted by time.
fn read_changes(r: &mut Reader<'_>, v: Option<&Value>) -> Vec<KnobChange> {
    let items = match v {
        None | Some(Value::Null) => return Vec::new(),
        Some(Value::Array(items)) if items.len() <= 64 => items,
        Some(_) => {
            r.err(
                "run.changes",
                "must be an array of at most 64 {at_s, knob, value} changes",
            );
            return Vec::new();
        }
    };
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let p = format!("run.changes[{i}]");
        let m = r.object(Some(item), &p, &["at_s", "knob", "value"]);
        let at_s = r.float(m, &p, "at_s", 0.0, 0.0, 86_400.0);
        let value = r.float(m, &p, "value", 0.0, -1e18, 1e18);
        match m.and_then(|m| m.get("knob")) {
            Some(Value::String(k)) => match check_knob(k, value) {
                Ok(()) => {
                    // In time order, a change after those of the same time (a stable
                    // insertion: at most 64 changes, no sort routine in the wasm).
                    let at = out.partition_point(|c: &KnobChange| c.at_s.total_cmp(&at_s).is_le());
                    out.insert(
                        at,
                        KnobChange {
                            at_s,
                            knob: k.clone(),
                            value,
                        },
                    );
                }
                Err(e) => {
                    for x in e.errors {
                        r.err(&format!("{p}.knob"), x.message);
                    }
                }
            },
            _ => r.err(&format!("{p}.knob"), "must be the name of a runtime knob"),
        }
    }
    out
}
