//! FIDELITY rows LATCH-1 and LATCH-2, natively on the ahi-latch lesson scenarios:
//! 256 threads on 96 cores, a fully cached read-only point-select load, AHI turned
//! on at t = 3 s. 8.0.25 (blocking page-hash builds) collapses and recovers; 8.0.30
//! (try-lock, Bug #100512) does not. Scale: 2M rows (the bug report: one 500M-row table).

mod common;

use innodb_lab::sim::SEC;

fn qps_series(file: &str, patch: &dyn Fn(&mut serde_json::Value)) -> Vec<(f64, f64)> {
    let h = common::run_lesson(file, patch, SEC / 10);
    let s = &h.engine.series;
    (0..s.len())
        .map(|i| {
            (
                s.get(i, "t_s").unwrap_or(0.0),
                s.get(i, "qps").unwrap_or(0.0),
            )
        })
        .collect()
}

fn baseline(series: &[(f64, f64)]) -> f64 {
    let before: Vec<f64> = series
        .iter()
        .filter(|(t, _)| *t > 1.0 && *t <= 3.0)
        .map(|x| x.1)
        .collect();
    before.iter().sum::<f64>() / before.len() as f64
}

/// Seconds from the AHI switch until QPS is back to ≥ 90% of baseline for good.
fn recovery_s(series: &[(f64, f64)], base: f64) -> f64 {
    let last_low = series
        .iter()
        .filter(|(t, q)| *t > 3.0 && *q < 0.9 * base)
        .map(|x| x.0)
        .fold(3.0, f64::max);
    last_low - 3.0
}

#[test]
fn latch_1_blocking_builds_collapse_then_recover() {
    let s = qps_series("ahi-latch-8.0.25.json", &|_| {});
    let base = baseline(&s);
    let min_after = s
        .iter()
        .filter(|(t, _)| *t > 3.0 && *t <= 4.0)
        .map(|x| x.1)
        .fold(f64::MAX, f64::min);
    assert!(
        min_after <= 0.15 * base,
        "drop to {:.1}% of {base:.0} qps",
        100.0 * min_after / base
    );
    let end = s
        .iter()
        .filter(|(t, _)| *t > 5.0)
        .map(|x| x.1)
        .fold(f64::MAX, f64::min);
    assert!(
        end >= 0.9 * base,
        "recovered only to {:.1}%",
        100.0 * end / base
    );
    // fewer leaf pages: the convoy ends sooner
    let small = qps_series("ahi-latch-8.0.25.json", &|v| {
        v["table"]["prepare_rows"] = 400_000.into();
        v["workload"]["table_size"] = 400_000.into();
    });
    let (r_big, r_small) = (recovery_s(&s, base), recovery_s(&small, baseline(&small)));
    assert!(
        r_small < r_big,
        "recovery {r_small:.2} s with 400k rows vs {r_big:.2} s with 2M"
    );
}

#[test]
fn latch_2_try_lock_builds_never_collapse() {
    let s = qps_series("ahi-latch-8.0.30.json", &|_| {});
    let base = baseline(&s);
    let min_after = s
        .iter()
        .filter(|(t, _)| *t > 3.0)
        .map(|x| x.1)
        .fold(f64::MAX, f64::min);
    assert!(
        min_after >= 0.8 * base,
        "dipped to {:.1}% of baseline",
        100.0 * min_after / base
    );
}

/// Mean QPS from the AHI switch (t = 1 s) to the end of an ahi-parts-* scenario.
fn qps_after_switch(file: &str) -> f64 {
    let s = qps_series(file, &|_| {});
    let after: Vec<f64> = s.iter().filter(|(t, _)| *t > 1.0).map(|x| x.1).collect();
    after.iter().sum::<f64>() / after.len() as f64
}

/// LATCH-3: more partitions relieve the build convoy when the load spreads over many
/// indexes (sysbench --tables=16: each table's clustered index folds to its own
/// partition, `btr_get_search_part`), but not on one hot index, which always maps
/// to one partition. 8.0.25, 256 threads, 96 cores, 1M rows in all, AHI on at 1 s.
#[test]
fn latch_3_partitions_help_many_indexes_not_one() {
    let many_1 = qps_after_switch("ahi-parts-16-tables-1.json");
    let many_8 = qps_after_switch("ahi-parts-16-tables-8.json");
    let one_1 = qps_after_switch("ahi-parts-1-table-1.json");
    let one_8 = qps_after_switch("ahi-parts-1-table-8.json");
    println!(
        "LATCH-3: 16 tables {many_1:.0} -> {many_8:.0} qps; 1 table {one_1:.0} -> {one_8:.0} qps"
    );
    assert!(
        many_8 >= 1.05 * many_1,
        "16 tables: {many_1:.0} qps with 1 part, {many_8:.0} with 8"
    );
    assert!(
        (one_8 / one_1 - 1.0).abs() < 0.01,
        "1 table: {one_1:.0} qps with 1 part, {one_8:.0} with 8"
    );
}
