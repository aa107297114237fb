//! Helpers shared by the whole-engine tests (golden, fuzz, soak): lesson scenarios
//! with overrides, FNV-1a hashing, and the invariants that must hold at any instant.
// Each test binary uses a different subset of these helpers.
#![allow(dead_code)]

use innodb_lab::server::Engine;
use innodb_lab::sim::Nanos;
use innodb_lab::sim_handle::SimHandle;
use proptest::test_runner::{Config as ProptestConfig, FileFailurePersistence};
use serde_json::Value;
use std::path::PathBuf;

/// The repository root (engine-wasm/..).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Lesson scenario file names (lessons/scenarios/*.json), sorted.
pub fn lesson_scenarios() -> Vec<String> {
    let dir = repo_root().join("lessons/scenarios");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    names
}

/// Sets `a.b.c = v` in a JSON object, creating objects on the way (the same rule as
/// `lessonScenario` in tests/wasm/loadEngine.ts).
pub fn set_path(doc: &mut Value, path: &str, v: Value) {
    let keys: Vec<&str> = path.split('.').collect();
    let mut o = doc;
    for k in &keys[..keys.len() - 1] {
        let m = o
            .as_object_mut()
            .expect("override path goes through objects");
        o = m
            .entry(k.to_string())
            .or_insert_with(|| Value::Object(Default::default()));
    }
    if let Some(m) = o.as_object_mut() {
        m.insert(keys[keys.len() - 1].to_string(), v);
    }
}

/// A lesson scenario's JSON with `(path, value)` overrides applied.
pub fn lesson_scenario(file: &str, overrides: &[(&str, Value)]) -> String {
    let p = repo_root().join("lessons/scenarios").join(file);
    let text =
        std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()));
    let mut doc: Value = serde_json::from_str(&text).expect("lesson scenario is JSON");
    for (k, v) in overrides {
        set_path(&mut doc, k, v.clone());
    }
    doc.to_string()
}

/// A lesson scenario's JSON with `patch` applied to the parsed document.
pub fn patched_lesson(file: &str, patch: &dyn Fn(&mut Value)) -> String {
    let mut doc: Value = serde_json::from_str(&lesson_scenario(file, &[])).expect("JSON");
    patch(&mut doc);
    doc.to_string()
}

/// A lesson scenario with `patch` applied, run to its end in steps of `step` ns.
pub fn run_lesson(file: &str, patch: &dyn Fn(&mut Value), step: Nanos) -> SimHandle {
    let mut h = SimHandle::new(&patched_lesson(file, patch)).expect("valid scenario");
    let end = h.engine.end_time();
    while h.engine.now < end {
        let t = h.engine.now + step;
        h.engine.run_until(t);
    }
    h
}

/// The Markdown of lessons/<id>.md, which quotes simulated figures the fidelity tests
/// compute (they check that the text still says what the engine gives). `LESSONS_DIR`,
/// when set, reads another copy of the lessons instead (e.g. an older one, to see
/// such a check fail).
pub fn lesson_text(id: &str) -> String {
    let dir = std::env::var_os("LESSONS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_root().join("lessons"));
    let p = dir.join(format!("{id}.md"));
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
}

/// `n` rounded to the nearest multiple of `step`, with thousands separators, as the
/// lessons write counts and rates: `grouped(1_709_185.0, 1.0)` is "1,709,185".
pub fn grouped(n: f64, step: f64) -> String {
    let v = ((n / step).round() * step) as i64;
    let digits = v.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    if v < 0 {
        out.insert(0, '-');
    }
    out
}

/// Asserts that the lesson's text contains `quote`.
pub fn assert_quotes(lesson: &str, id: &str, quote: &str) {
    assert!(
        lesson.contains(quote),
        "lessons/{id}.md does not say \"{quote}\" (the engine's figure): update the lesson"
    );
}

/// 64-bit FNV-1a, fed incrementally.
#[derive(Clone, Copy, Debug)]
pub struct Fnv1a64(pub u64);

impl Default for Fnv1a64 {
    fn default() -> Self {
        Fnv1a64(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv1a64 {
    /// Folds `bytes` in.
    pub fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// Folds one f64 in as its 8 little-endian bytes; every NaN as the canonical quiet
    /// NaN (WASM does not promise NaN payloads).
    pub fn write_f64(&mut self, v: f64) {
        let bits = if v.is_nan() {
            0x7ff8_0000_0000_0000
        } else {
            v.to_bits()
        };
        self.write(&bits.to_le_bytes());
    }

    /// The hash as 16 lower-case hex digits.
    pub fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}

/// Every structural invariant of a live engine, at any instant: each tree's
/// `check_invariants`, the buffer pool's, the adaptive hash index's (no pointer to a
/// page that is not resident), and the record counts of the trees against
/// the table (an insert in flight has reached the clustered index, and maybe some
/// secondaries, before the row is counted: at most one such row per client session).
pub fn check_engine(e: &Engine) -> Result<(), String> {
    let max_threads = e.footprint().sessions as u64;
    for (i, t) in e.table.trees.iter().enumerate() {
        t.check_invariants(&e.store)
            .map_err(|m| format!("index {i} at t={}: {m}", e.now))?;
    }
    e.bp.check_invariants()
        .map_err(|m| format!("buffer pool at t={}: {m}", e.now))?;
    e.ahi
        .check_invariants_with(&e.store, |p| e.bp.is_resident(p))
        .map_err(|m| format!("adaptive hash index at t={}: {m}", e.now))?;
    // The checkpoint never passes the oldest dirty page, nor the LSN.
    if let Some(oldest) = e.bp.oldest_modification() {
        if e.redo.last_checkpoint_lsn > oldest {
            return Err(format!(
                "checkpoint {} past the oldest dirty page {oldest} at t={}",
                e.redo.last_checkpoint_lsn, e.now
            ));
        }
    }
    if e.redo.last_checkpoint_lsn > e.redo.lsn {
        return Err(format!("checkpoint past the LSN at t={}", e.now));
    }
    // Per table (sysbench --tables: each loaded alike).
    let rows = e.table.rows_per_table();
    for (i, t) in e.table.trees.iter().enumerate() {
        let clustered = e.table.trees[e.table.table_of(i) * e.table.per_table].n_recs;
        if t.n_recs < rows || t.n_recs > rows + max_threads || t.n_recs > clustered {
            return Err(format!(
                "index {i} has {} records; table {rows} rows, clustered {clustered}, {max_threads} threads",
                t.n_recs
            ));
        }
    }
    Ok(())
}

/// Cases for a fuzz test: `FUZZ_CASES` when set (e.g. `npm run fuzz`), else `default`.
pub fn fuzz_cases(default: u32) -> u32 {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The proptest configuration of the fuzz tests: `fuzz_cases(default)` cases, and
/// failing seeds saved beside the test file (`tests/<test>.proptest-regressions`,
/// replayed first on the next run).
pub fn fuzz_config(default: u32) -> ProptestConfig {
    ProptestConfig {
        cases: fuzz_cases(default),
        max_shrink_iters: 4_000,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}
