//! FIDELITY rows QC-1..QC-4 (seed 003, the Aurora query cache article), natively on
//! the qc-* lesson scenarios: sysbench 0.5 oltp.lua read-only, 25 point selects per
//! transaction, 2048 clients on 32 vCPUs, scaled 1/1000 (10,000 rows; cache sizes
//! in KiB standing for the article's MB; runs of 1 s standing for 15 minutes).
//! Where a band is not met by the mechanisms the test is `#[ignore]`d with the
//! numbers the engine gives; nothing is tuned to a band.

mod common;

use common::lesson_scenario;
use innodb_lab::sweep::{run_row, SweepRow};
use serde_json::json;

fn row(file: &str, overrides: &[(&str, serde_json::Value)]) -> SweepRow {
    run_row(&lesson_scenario(file, overrides), None).expect("scenario runs")
}

fn off(file: &str) -> SweepRow {
    row(file, &[("server.query_cache_type", json!("OFF"))])
}

const KIB: u64 = 1024;

#[test]
fn qc_1_size_zero_is_the_same_as_off() {
    for file in ["qc-mysql-256mb.json", "qc-aurora-256mb.json"] {
        let o = off(file);
        let z = row(file, &[("server.query_cache_size", json!(0))]);
        let ratio = z.selects_per_s / o.selects_per_s;
        assert!(
            (0.95..=1.05).contains(&ratio),
            "{file}: size 0 {:.0} vs off {:.0}",
            z.selects_per_s,
            o.selects_per_s
        );
    }
}

#[test]
fn qc_2_mysql_64mb_is_slower_than_no_cache() {
    let o = off("qc-mysql-256mb.json");
    let c = row(
        "qc-mysql-256mb.json",
        &[("server.query_cache_size", json!(64 * KIB))],
    );
    assert!(
        c.selects_per_s < o.selects_per_s,
        "64 MB {:.0} vs off {:.0}",
        c.selects_per_s,
        o.selects_per_s
    );
}

/// Measured: Aurora at "64 MB" (64 KiB) does 1.74x its no-cache SELECT/s (hit
/// rate 73%): the conceptual cache's hits are about a third of a miss's CPU, and
/// the hot 1% of ids (100 here, 100K in the article) fits 64 KiB as it fits 64 MB
/// at ~600 bytes per entry. The article's Aurora gained nothing at 64 MB.
#[test]
#[ignore = "band not met: Aurora 64 MB measures 1.74x its no-cache QPS (band -15%..+10%)"]
fn qc_2_aurora_64mb_is_about_no_cache() {
    let o = off("qc-aurora-256mb.json");
    let c = row(
        "qc-aurora-256mb.json",
        &[("server.query_cache_size", json!(64 * KIB))],
    );
    let r = c.selects_per_s / o.selects_per_s;
    assert!((0.85..=1.10).contains(&r), "Aurora 64 MB at {r:.2}x");
}

#[test]
fn qc_3_mysql_256mb_collapses_and_aurora_scales() {
    let mo = off("qc-mysql-256mb.json");
    let m = row("qc-mysql-256mb.json", &[]);
    assert!(
        m.selects_per_s <= 0.25 * mo.selects_per_s,
        "MySQL 256 MB {:.0} vs off {:.0}",
        m.selects_per_s,
        mo.selects_per_s
    );
    let ao = off("qc-aurora-256mb.json");
    for size in [256 * KIB, 1024 * KIB, 16 * 1024 * KIB] {
        let a = row(
            "qc-aurora-256mb.json",
            &[("server.query_cache_size", json!(size))],
        );
        let r = a.selects_per_s / ao.selects_per_s;
        assert!(
            (1.8..=3.5).contains(&r),
            "Aurora {size} B: {r:.2}x ({:.0} vs {:.0})",
            a.selects_per_s,
            ao.selects_per_s
        );
    }
}

/// Measured: MySQL at "1 GB" (1 MiB) 28.5% and at "16 GB" (16 MiB) 47.4% of its
/// no-cache SELECT/s (256 MB: 11.1%). sysbench's oltp.lua runs its selects between
/// BEGIN and COMMIT, and MySQL never answers a SELECT inside a multi-statement
/// transaction on InnoDB tables from the cache (`send_result_to_client`: "we are
/// in transaction and have transaction tables in query"), so the hit ratio is 0 at
/// every size. What differs by size is the work under the global lock per SELECT:
/// a small cache stores and prunes on nearly every SELECT (lookup, store, append,
/// end of result: four acquisitions, plus prunes); once the cache holds every key
/// the run draws, `store_query` finds the query already there and the SELECT takes
/// the lock twice (lookup, refused store). The lock then sustains about 0.9M
/// acquisitions/s because running threads take it while a signalled waiter is
/// still being woken. The article's ~23K SELECT/s would be one hand-off per
/// wake-up and context switch; `structure_guard_mutex` (which try_lock, unlock and
/// every woken waiter must take) is not modelled as a contended mutex.
#[test]
#[ignore = "band not met: MySQL 1 GB = 28.5%, 16 GB = 47.4% of its no-cache QPS (band <= 25%)"]
fn qc_3_mysql_large_caches_stay_slow() {
    let mo = off("qc-mysql-256mb.json");
    for size in [1024 * KIB, 16 * 1024 * KIB] {
        let m = row(
            "qc-mysql-256mb.json",
            &[("server.query_cache_size", json!(size))],
        );
        assert!(
            m.selects_per_s <= 0.25 * mo.selects_per_s,
            "MySQL {size} B: {:.0} vs {:.0}",
            m.selects_per_s,
            mo.selects_per_s
        );
    }
}

#[test]
fn qc_4_fixed_rate_aurora_stores_more_and_barely_prunes() {
    let m = row("qc-mysql-1gb-fixed-rate.json", &[]);
    let a = row("qc-aurora-1gb-fixed-rate.json", &[]);
    // both serve the offered 17,500 SELECT/s
    for r in [&m, &a] {
        assert!(
            (15_000.0..20_000.0).contains(&r.selects_per_s),
            "{:.0} SELECT/s",
            r.selects_per_s
        );
    }
    assert!(
        a.queries_in_cache > m.queries_in_cache,
        "Aurora {} vs MySQL {}",
        a.queries_in_cache,
        m.queries_in_cache
    );
    assert!(m.lowmem_prunes > 0);
    assert!(
        a.lowmem_prunes * 10 <= m.lowmem_prunes,
        "prunes Aurora {} MySQL {}",
        a.lowmem_prunes,
        m.lowmem_prunes
    );
    // MySQL's arena is full (under 5% free) yet holds fewer queries: each of its
    // results takes blocks of query_cache_min_res_unit (4 KiB) and a query block,
    // and pruning in LRU order (no hits inside transactions reorder it) frees
    // neighbouring blocks, so little fragmentation remains (7 KiB in 2 blocks).
    assert!(
        m.free_memory * 20 < 1024 * KIB,
        "free {} in {} blocks",
        m.free_memory,
        m.free_blocks
    );
}
