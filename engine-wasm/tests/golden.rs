//! Determinism golden traces. Each lesson scenario (lessons/scenarios/*.json), made
//! small by `overrides()` (stored in the golden file), runs to its end in 0.1 s slices; every trace event (read as
//! the UI reads them, `events_json` pages) and every metric sample is folded into a
//! compact digest that must equal tests/golden/<scenario>.json exactly. The WASM twin,
//! tests/wasm/golden.test.ts, recomputes the same digest from the built package.
//! After an intended behaviour change, regenerate (then review the diff and rerun the
//! WASM test): `UPDATE_GOLDEN=1 cargo test --release --test golden` in engine-wasm/.
//!
//! Digest: events {total, byKind, fnv1a64 over each event as sorted-key JSON + "\n"},
//! series {columns, rows, fnv1a64 over every value's f64 little-endian bytes}, and
//! headline numbers taken from the summary.

mod common;

use common::{check_engine, lesson_scenario, lesson_scenarios, repo_root, Fnv1a64};
use innodb_lab::metrics::series::COLUMNS;
use innodb_lab::sim::SEC;
use innodb_lab::sim_handle::SimHandle;
use innodb_lab::trace::TRACE_CAPACITY;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// At most this many rows inserted or prepared.
const MAX_ROWS: u64 = 20_000;

/// The overrides of one lesson scenario, by rule, so each runs in well under a second
/// with pages read, evicted and written:
/// - inserts (nothing prepared): at most `MAX_ROWS` rows into a 64-page pool, ≤ 1 s;
/// - reads of prepared rows: at most `MAX_ROWS` rows (about 290 pages of sysbench's
///   table) in a 256-page pool, so hot pages stay (and get hashed) while the rest is
///   read and evicted, ≤ 0.4 s (a few 10^5 statements);
/// - scheduled knob changes move to the same fraction of the shorter run;
/// - samples at least every 0.1 s, so the series has rows to hash.
fn overrides(file: &str) -> Vec<(&'static str, Value)> {
    let lesson: Value = serde_json::from_str(&lesson_scenario(file, &[])).expect("lesson json");
    let prepared = lesson["table"]["prepare_rows"].as_u64().unwrap_or(0);
    let (pool, max_duration) = if prepared == 0 { (64, 1.0) } else { (256, 0.4) };
    let mut o = vec![
        ("workload.max_rows", json!(MAX_ROWS)),
        ("server.innodb_buffer_pool_pages", json!(pool)),
    ];
    if prepared > MAX_ROWS {
        o.push(("table.prepare_rows", json!(MAX_ROWS)));
    }
    if lesson["run"]["sample_ms"].as_u64().unwrap_or(100) > 100 {
        o.push(("run.sample_ms", json!(100)));
    }
    let duration = lesson["run"]["duration_s"].as_f64().unwrap_or(60.0);
    if duration > max_duration {
        o.push(("run.duration_s", json!(max_duration)));
        if let Some(changes) = lesson["run"]["changes"].as_array() {
            let scaled: Vec<Value> = changes
                .iter()
                .map(|c| {
                    let mut c = c.clone();
                    let at = c["at_s"].as_f64().unwrap_or(0.0);
                    c["at_s"] = json!(at * max_duration / duration);
                    c
                })
                .collect();
            o.push(("run.changes", Value::Array(scaled)));
        }
    }
    o
}

/// Virtual time per slice (the UI's 0.1 s); `done` is checked between slices, so the
/// run ends on this grid. Each slice runs in 2^shift sub-steps, events read after
/// each: a sub-step that overflowed the 4096-event ring is replayed from a snapshot
/// with twice as many sub-steps; one that read under a quarter of the ring halves
/// them again. The run itself does not depend on how time is sliced.
const STEP_NS: u64 = SEC / 10;

/// Folds every event read into the digest, in order.
#[derive(Default)]
struct Reader {
    cursor: u64,
    total: u64,
    by_kind: BTreeMap<String, u64>,
    hash: Fnv1a64,
}

impl Reader {
    /// True when every event since the cursor is still in the ring.
    fn lossless(&self, h: &SimHandle) -> bool {
        let page: Value = serde_json::from_str(&h.events_json(self.cursor)).expect("events");
        let n = page["events"].as_array().map_or(0, Vec::len) as u64;
        page["next"].as_u64() == Some(self.cursor + n)
    }

    /// Reads every event since the cursor, page by page, as the UI does; returns how
    /// many.
    fn drain(&mut self, h: &SimHandle) -> u64 {
        let before = self.total;
        loop {
            let page: Value = serde_json::from_str(&h.events_json(self.cursor)).expect("events");
            let events = page["events"].as_array().expect("events array");
            for ev in events {
                let kind = ev["kind"].as_str().expect("kind").to_string();
                *self.by_kind.entry(kind).or_default() += 1;
                // serde_json's Value keeps object keys sorted: the canonical form.
                self.hash.write(ev.to_string().as_bytes());
                self.hash.write(b"\n");
            }
            self.total += events.len() as u64;
            self.cursor = page["next"].as_u64().expect("next");
            if events.is_empty() {
                return self.total - before;
            }
        }
    }
}

/// Runs one slice, to `end` (see `STEP_NS`), reading every event.
fn advance(h: &mut SimHandle, end: u64, r: &mut Reader, shift: &mut u32) {
    while h.engine.now < end && !h.engine.done() {
        let from = h.engine.now;
        let step = (STEP_NS >> *shift).max(1);
        let snap = h.snapshot();
        h.engine.run_until_finish((from + step).min(end));
        if !r.lossless(h) {
            h.restore(snap).expect("snapshot just taken");
            h.drop_snapshot(snap);
            assert!(step > 1, "over 4096 events at t={from}");
            *shift += 1;
            continue;
        }
        h.drop_snapshot(snap);
        if r.drain(h) < TRACE_CAPACITY as u64 / 4 && *shift > 0 {
            *shift -= 1;
        }
    }
}

/// Summary fields kept as headline numbers.
const COUNTERS: &[&str] = &[
    "Com_insert",
    "Com_select",
    "Questions",
    "Innodb_buffer_pool_read_requests",
    "Innodb_buffer_pool_reads",
    "Innodb_buffer_pool_wait_free",
    "Innodb_pages_created",
    "Innodb_pages_written",
    "index_page_splits",
    "adaptive_hash_searches",
    "adaptive_hash_searches_btree",
    "adaptive_hash_pages_added",
    "adaptive_hash_pages_removed",
];

/// Runs one scenario and returns its digest (without the `about` line).
fn digest(file: &str) -> Value {
    let ov = overrides(file);
    let mut h = SimHandle::new(&lesson_scenario(file, &ov)).expect("valid lesson scenario");
    let mut r = Reader::default();
    r.drain(&h);
    let mut shift = 0;
    while !h.engine.done() && h.engine.now < h.engine.end_time() {
        let t = (h.engine.now + STEP_NS).min(h.engine.end_time());
        advance(&mut h, t, &mut r, &mut shift);
    }
    check_engine(&h.engine).unwrap_or_else(|m| panic!("{file}: {m}"));

    let values = h.engine.series.since(0);
    let mut series_hash = Fnv1a64::default();
    values.iter().for_each(|&v| series_hash.write_f64(v));

    let s = serde_json::to_value(h.engine.summary()).expect("summary json");
    let counters: Map<String, Value> = COUNTERS
        .iter()
        .map(|&k| (k.to_string(), s["counters"][k].clone()))
        .collect();
    let indexes: Vec<Value> = s["indexes"]
        .as_array()
        .expect("indexes")
        .iter()
        .map(|ix| {
            json!({
                "name": ix["name"], "height": ix["height"], "leafPages": ix["leafPages"],
                "nonLeafPages": ix["nonLeafPages"], "avgLeafFill": ix["avgLeafFill"],
                "splits": ix["splits"],
            })
        })
        .collect();
    let ov_obj: Map<String, Value> = ov.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
    json!({
        "scenario": file,
        "overrides": ov_obj,
        "stepNs": STEP_NS,
        "events": { "total": r.total, "byKind": r.by_kind, "fnv1a64": r.hash.hex() },
        "series": {
            "columns": COLUMNS,
            "rows": h.engine.series.len(),
            "fnv1a64": series_hash.hex(),
        },
        "headline": {
            "timeNs": s["timeNs"],
            "done": s["done"],
            "rows": s["tables"][0]["rows"],
            "counters": counters,
            "latency": s["latency"],
            "indexes": indexes,
        },
    })
}

const ABOUT: &str = "Determinism golden record (engine-wasm/tests/golden.rs, tests/wasm/golden.test.ts). \
Regenerate after an intended engine change: UPDATE_GOLDEN=1 cargo test --release --test golden (in engine-wasm/), \
review the diff, rebuild the wasm package and rerun npx vitest run tests/wasm/golden.test.ts.";

#[test]
fn every_lesson_scenario_matches_its_golden_record() {
    let update = std::env::var("UPDATE_GOLDEN").is_ok_and(|v| v == "1");
    let dir = repo_root().join("tests/golden");
    let scenarios = lesson_scenarios();
    assert!(!scenarios.is_empty(), "no lesson scenarios found");
    let mut failures = Vec::new();
    for file in &scenarios {
        let t0 = std::time::Instant::now();
        let mut got = digest(file);
        got["about"] = json!(ABOUT);
        let path = dir.join(file);
        eprintln!(
            "{file}: {} events, {} samples, {:.2} s wall",
            got["events"]["total"],
            got["series"]["rows"],
            t0.elapsed().as_secs_f64()
        );
        // Compared as text: serde_json's default float parsing is best-effort (it may
        // land one ulp off), while its printing is exact (shortest round trip).
        let text = serde_json::to_string_pretty(&got).expect("json") + "\n";
        if update {
            std::fs::create_dir_all(&dir).expect("create tests/golden");
            std::fs::write(&path, text).expect("write golden file");
            continue;
        }
        let Ok(want) = std::fs::read_to_string(&path) else {
            failures.push(format!(
                "{}: missing; create it with UPDATE_GOLDEN=1",
                path.display()
            ));
            continue;
        };
        if text != want {
            let diff: Vec<String> = want
                .lines()
                .zip(text.lines())
                .filter(|(a, b)| a != b)
                .map(|(a, b)| format!("  golden: {}\n  now:    {}", a.trim(), b.trim()))
                .collect();
            failures.push(format!(
                "{file} differs from {} ({} lines vs {}):\n{}",
                path.display(),
                want.lines().count(),
                text.lines().count(),
                diff.join("\n")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{}\n(if the change is intended: UPDATE_GOLDEN=1 cargo test --release --test golden)",
        failures.join("\n\n")
    );
}

#[test]
fn slicing_does_not_change_the_run() {
    // The digest depends on the 0.1 s slicing only through when events are read: one
    // long run_until must reach the same state as many short ones.
    let file = "pk-random.json";
    let json = lesson_scenario(file, &overrides(file));
    let mut a = SimHandle::new(&json).expect("valid");
    let mut b = SimHandle::new(&json).expect("valid");
    let t = 7 * STEP_NS + 12_345;
    a.engine.run_until(t);
    for k in 1..=(t / 999_983) {
        b.engine.run_until(k * 999_983);
    }
    b.engine.run_until(t);
    let sa = serde_json::to_string(&a.engine.summary()).expect("json");
    let sb = serde_json::to_string(&b.engine.summary()).expect("json");
    assert_eq!(sa, sb);
    let bits = |h: &SimHandle| -> Vec<u64> {
        h.engine
            .series
            .since(0)
            .iter()
            .map(|v| v.to_bits())
            .collect()
    };
    assert_eq!(bits(&a), bits(&b));
    assert_eq!(a.engine.trace.next_seq(), b.engine.trace.next_seq());
    assert!(a.engine.trace.since(0).eq(b.engine.trace.since(0)));
}

#[test]
fn fnv1a64_matches_the_published_values() {
    let mut h = Fnv1a64::default();
    assert_eq!(h.hex(), "cbf29ce484222325");
    h.write(b"a");
    assert_eq!(h.hex(), "af63dc4c8601ec8c");
}
