//! Whole-engine runs natively: every structure's invariants hold after a contended,
//! IO-bound run (cached paths and leaf hints included), and the same scenario and
//! seed give identical results.

use innodb_lab::sim::SEC;
use innodb_lab::sim_handle::SimHandle;

fn scenario(template: bool, pool: u32, rows: u64, seed: u64) -> String {
    let id = if template {
        "{\"template\":\"###########-###########\"}"
    } else {
        r#""auto_increment""#
    };
    let pk = if template {
        r#"{"name":"id","type":"varchar","length":26}"#
    } else {
        r#"{"name":"id","type":"int"}"#
    };
    format!(
        r#"{{"seed":{seed},"server":{{"cores":4,"innodb_buffer_pool_pages":{pool},"innodb_lru_scan_depth":100}},
        "table":{{"name":"t","columns":[{pk},{{"name":"number","type":"int"}}],"primary_key":["id"],
        "indexes":[{{"name":"idx_number","columns":["number"]}}]}},
        "workload":{{"threads":32,"query":"insert","id":{id},"table_size":10,"rand_type":"uniform","max_rows":{rows}}},
        "run":{{"duration_s":600}}}}"#
    )
}

fn run(json: &str) -> SimHandle {
    let mut h = SimHandle::new(json).expect("valid scenario");
    while !h.engine.done() {
        let t = h.engine.now + SEC / 10;
        h.engine.run_until(t);
    }
    h
}

#[test]
fn invariants_hold_after_a_contended_io_bound_run() {
    for template in [true, false] {
        let h = run(&scenario(template, 128, 40_000, 3));
        let e = &h.engine;
        assert_eq!(e.stats.duplicate_keys, 0, "template {template}");
        assert_eq!(e.table.rows, 40_000, "template {template} at t={}", e.now);
        for t in &e.table.trees {
            t.check_invariants(&e.store).expect("tree invariants");
            assert_eq!(t.n_recs, 40_000);
        }
        e.bp.check_invariants().expect("buffer pool invariants");
        assert!(e.bp.counters().reads > 0, "the run must have been IO-bound");
    }
}

#[test]
fn same_scenario_and_seed_give_identical_results() {
    let a = run(&scenario(true, 256, 20_000, 11));
    let b = run(&scenario(true, 256, 20_000, 11));
    let c = run(&scenario(true, 256, 20_000, 12));
    let sa = serde_json::to_string(&a.engine.summary()).expect("json");
    let sb = serde_json::to_string(&b.engine.summary()).expect("json");
    let sc = serde_json::to_string(&c.engine.summary()).expect("json");
    assert_eq!(sa, sb);
    assert_ne!(sa, sc);
    // bit for bit (NaN marks intervals with nothing to measure)
    let bits = |h: &SimHandle| {
        h.engine
            .series
            .since(0)
            .iter()
            .map(|v| v.to_bits())
            .collect::<Vec<_>>()
    };
    assert_eq!(bits(&a), bits(&b));
}

#[test]
fn status_text_reports_the_ahi_and_the_pool_like_innodb() {
    let path = format!(
        "{}/../lessons/scenarios/ahi-10k-rows.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut h = SimHandle::new(&std::fs::read_to_string(path).expect("scenario")).expect("valid");
    h.engine.run_until(5 * SEC);
    let _ = h.status_text();
    h.engine.run_until(6 * SEC);
    let s = h.status_text();
    assert_eq!(s.matches("Hash table size ").count(), 8, "{s}");
    assert!(s.contains("Buffer pool hit rate 1000 / 1000"), "{s}");
    // one second of warm, fully hashed single-thread lookups: ~32k hash searches/s
    let line = s
        .lines()
        .find(|l| l.contains("hash searches/s"))
        .expect("AHI line");
    let hash_per_s: f64 = line
        .split_whitespace()
        .next()
        .and_then(|x| x.parse().ok())
        .expect("number");
    assert!(hash_per_s > 25_000.0 && hash_per_s < 40_000.0, "{line}");
    assert!(line.contains(" 0.00 non-hash searches/s"), "{line}");
    let parts = h.engine.ahi_parts();
    assert_eq!(parts.len(), 8);
    assert_eq!(
        parts.iter().filter(|p| p.nodes > 0).count(),
        1,
        "one index, one partition"
    );
}

/// Runs to the end in slices of `slice` ns, with `run_until_finish` or `run_until`.
fn run_sliced(json: &str, slice: u64, finish: bool) -> SimHandle {
    let mut h = SimHandle::new(json).expect("valid scenario");
    while !h.engine.done() {
        let t = h.engine.now + slice;
        if finish {
            h.engine.run_until_finish(t);
        } else {
            h.engine.run_until(t);
        }
    }
    h
}

fn summary_json(h: &SimHandle) -> String {
    serde_json::to_string(&h.engine.summary()).expect("summary json")
}

#[test]
fn a_finished_run_ends_where_the_workload_runs_out_however_time_is_sliced() {
    let json = scenario(true, 128, 20_000, 5);
    // Plain slices overshoot the finish by up to a slice, so where they end (and the
    // flushing done meanwhile) depends on the slicing: the problem being fixed.
    let coarse = run_sliced(&json, SEC / 10, false);
    let fine = run_sliced(&json, 7_000_000, false);
    assert_ne!(coarse.engine.now, fine.engine.now);

    let reference = run_sliced(&json, SEC / 10, true);
    let f = reference
        .engine
        .finished_at()
        .expect("the workload ran out");
    assert_eq!(reference.engine.now, f);
    assert_eq!(reference.engine.summary().finished_ns, Some(f));
    assert!(reference.engine.summary().can_finish);
    assert!(f < coarse.engine.now && f <= fine.engine.now);
    // Every row was inserted by then (the last statement's completion is the finish).
    assert_eq!(reference.engine.summary().tables[0].rows, 20_000);
    for slice in [7_000_000, 33_333_333, 1_000_000_007, 600 * SEC] {
        let h = run_sliced(&json, slice, true);
        assert_eq!(h.engine.now, f, "slice {slice}");
        assert_eq!(summary_json(&h), summary_json(&reference), "slice {slice}");
    }
}

#[test]
fn after_the_finish_run_until_finish_runs_on_like_run_until() {
    let json = scenario(false, 64, 5_000, 9);
    let mut a = run_sliced(&json, SEC / 10, true);
    let f = a.engine.finished_at().expect("finished");
    let mut b = SimHandle::new(&json).expect("valid scenario");
    b.engine.run_until(f);
    assert_eq!(summary_json(&a), summary_json(&b));
    // Background work goes on past the finish either way, to the same state.
    a.engine.run_until_finish(f + SEC);
    b.engine.run_until(f + SEC);
    assert_eq!(a.engine.now, f + SEC);
    assert_eq!(summary_json(&a), summary_json(&b));
    assert_eq!(a.engine.finished_at(), Some(f));
}

#[test]
fn a_run_that_ends_at_its_duration_has_no_finish() {
    let json = scenario(false, 64, 0, 9).replace(r#""duration_s":600"#, r#""duration_s":0.3"#);
    let h = run_sliced(&json, SEC / 10, true);
    assert_eq!(h.engine.finished_at(), None);
    assert_eq!(h.engine.summary().finished_ns, None);
    assert!(!h.engine.summary().can_finish);
    assert_eq!(h.engine.now, SEC * 3 / 10);
}

/// `Questions` and `Com_insert` count a statement when it reaches the server, as
/// MySQL does (`dispatch_command`, `mysql_execute_command`); `Innodb_rows_inserted`
/// when its row goes in; the latency histogram when it ends. Mid-run, every busy
/// client thread has exactly one statement counted that has not ended.
#[test]
fn statements_count_when_they_start_as_mysql_counts_them() {
    let mut h = SimHandle::new(&scenario(true, 128, 40_000, 3)).expect("valid scenario");
    while h.engine.table.rows < 10_000 {
        let t = h.engine.now + SEC / 100;
        h.engine.run_until(t);
    }
    assert!(!h.engine.done());
    let c = h.engine.summary().counters;
    let busy = h.engine.thread_states().iter().filter(|&&s| s != 0).count() as f64;
    let ended = h.engine.hist.count() as f64;
    let rows = c["Innodb_rows_inserted"];
    assert!(busy > 0.0, "a run in progress has busy threads");
    assert_eq!(c["Questions"], c["Com_insert"]);
    assert_eq!(
        c["Com_insert"] - ended,
        busy,
        "one statement in flight per busy thread"
    );
    assert!(
        c["Com_insert"] >= rows && rows >= ended,
        "Com_insert {} ≥ rows inserted {rows} ≥ ended {ended}",
        c["Com_insert"]
    );
    // Once the workload has run out, nothing is in flight: all three agree.
    while !h.engine.done() {
        let t = h.engine.now + SEC / 10;
        h.engine.run_until(t);
    }
    let c = h.engine.summary().counters;
    assert_eq!(c["Com_insert"], 40_000.0);
    assert_eq!(c["Innodb_rows_inserted"], 40_000.0);
    assert_eq!(h.engine.hist.count(), 40_000);
}

/// The latency columns describe the statements completed in each interval: after the
/// workload ran out none complete, and the samples say so (NaN, a gap in a chart)
/// instead of a latency of 0 µs.
#[test]
fn latency_samples_after_the_finish_are_missing_not_zero() {
    let json = scenario(false, 64, 5_000, 9);
    let mut h = run_sliced(&json, SEC / 10, true);
    let f = h.engine.finished_at().expect("finished");
    h.engine.run_until(f + 2 * SEC);
    let s = &h.engine.series;
    let (mut before, mut after) = (0, 0);
    for i in 0..s.len() {
        let t = s.get(i, "t_s").expect("t_s");
        let inserts = s.get(i, "inserts_per_s").expect("inserts_per_s");
        let (mean, p95) = (
            s.get(i, "latency_mean_us").expect("mean"),
            s.get(i, "latency_p95_us").expect("p95"),
        );
        if inserts > 0.0 {
            before += 1;
            assert!(mean > 0.0 && p95 >= mean * 0.5, "t {t}: {mean} {p95}");
        } else if (t * SEC as f64) as u64 > f {
            after += 1;
            assert!(mean.is_nan() && p95.is_nan(), "t {t}: {mean} {p95}");
        }
    }
    assert!(
        before > 0 && after >= 19,
        "{before} samples with inserts, {after} after"
    );
}

/// A run whose workload runs out before its first sample gets that sample at its finish,
/// over the whole run (its charts were empty under "run complete"); a longer run's
/// samples stay on the interval grid.
#[test]
fn a_run_that_ends_before_its_first_sample_is_sampled_at_its_finish() {
    let sample_s = 0.1; // run.sample_ms's default, 100 ms
    let short = run_sliced(&scenario(false, 64, 500, 9), SEC / 10, true);
    let f = short.engine.finished_at().expect("finished");
    assert!(f < SEC / 10, "finished at {f} ns");
    let s = &short.engine.series;
    assert_eq!(s.len(), 1);
    assert_eq!(s.get(0, "t_s"), Some(f as f64 / SEC as f64));
    let rate = s.get(0, "inserts_per_s").expect("inserts_per_s");
    let want = 500.0 / (f as f64 / SEC as f64);
    assert!((rate - want).abs() / want < 1e-9, "{rate} vs {want}");
    assert!(s.get(0, "latency_mean_us").expect("mean") > 0.0);
    // 100,000 rows take longer than a sample: every sample on the grid, none at the finish.
    let long = run_sliced(&scenario(false, 64, 100_000, 9), SEC / 10, true);
    let s = &long.engine.series;
    assert!(s.len() >= 2, "{} samples", s.len());
    for i in 0..s.len() {
        let t = s.get(i, "t_s").expect("t_s");
        assert!(
            ((t / sample_s).round() * sample_s - t).abs() < 1e-9,
            "sample at {t} s"
        );
    }
}

/// The leaves a frame flags as split (frames.rs `LEAF_SPLIT_RECENT`), by leaf ordinal.
fn flagged(h: &mut SimHandle) -> Vec<usize> {
    h.leaf_state(0)
        .iter()
        .enumerate()
        .filter(|(_, &b)| b & innodb_lab::frames::LEAF_SPLIT_RECENT != 0)
        .map(|(i, _)| i)
        .collect()
}

#[test]
fn a_step_back_flags_no_split_and_stepping_forward_again_flags_the_same_leaves() {
    // The player's step back: restore a snapshot before the time, replay to it. The leaves
    // flagged as split "since the last update" came from the snapshot's bookkeeping, so
    // they depended on where the snapshot was taken (QA: 2 leaves, then 5 after 3 steps
    // back and 3 forward to the same time).
    let ms = SEC / 1000;
    let mut h = SimHandle::new(&scenario(true, 4096, 20_000, 7)).expect("valid scenario");
    h.engine.run_until(50 * ms);
    let snap = h.snapshot();
    let _ = flagged(&mut h);
    let mut first = Vec::new();
    for t in [60, 70, 80] {
        h.engine.run_until(t * ms);
        first.push(flagged(&mut h));
    }
    assert!(
        first.iter().all(|f| !f.is_empty()),
        "random inserts split leaves every 10 ms: {first:?}"
    );
    // Three steps back (each a restore and a replay): nothing split between the frame
    // shown and an earlier time.
    for t in [70, 60, 50] {
        h.restore(snap).expect("snapshot");
        h.engine.run_until(t * ms);
        assert_eq!(flagged(&mut h), Vec::<usize>::new(), "step back to {t} ms");
    }
    // Three steps forward: the same leaves as the first time through.
    let again: Vec<_> = [60, 70, 80]
        .iter()
        .map(|&t| {
            h.engine.run_until(t * ms);
            flagged(&mut h)
        })
        .collect();
    assert_eq!(again, first);
}
