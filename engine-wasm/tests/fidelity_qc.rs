//! FIDELITY rows QC-1..QC-4 (seed 003, the Aurora query cache article), natively on
//! the qc-* lesson scenarios: sysbench 0.5 oltp.lua read-only, 25 point selects per
//! transaction, 2048 clients on 32 vCPUs, scaled 1/1000 (10,000 rows; cache sizes
//! in KiB standing for the article's MB; runs of 1 s standing for 15 minutes).
//! Where a band is not met by the mechanisms the test pins what the engine gives
//! and says why (as AHI-6 does); nothing is tuned to a band. The query-cache lesson
//! quotes the two pinned rows in its table; those tests check its text too.

mod common;

use common::{assert_quotes, lesson_scenario, lesson_text};
use innodb_lab::scenario::parse_scenario;
use innodb_lab::server::Engine;
use innodb_lab::sweep::{run_row, sweep_row, SweepRow};
use serde_json::json;
use std::collections::BTreeMap;

fn row(file: &str, overrides: &[(&str, serde_json::Value)]) -> SweepRow {
    run_row(&lesson_scenario(file, overrides), None).expect("scenario runs")
}

/// A run's sweep row and its counters (SHOW GLOBAL STATUS and the lock's).
fn row_and_counters(
    file: &str,
    overrides: &[(&str, serde_json::Value)],
) -> (SweepRow, BTreeMap<String, f64>) {
    let s = lesson_scenario(file, overrides);
    let mut e = Engine::new(parse_scenario(&s).expect("valid")).expect("engine");
    e.run_until(e.end_time());
    let c = e
        .summary()
        .counters
        .iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
    (sweep_row(&e), c)
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

/// QC-2, Aurora half. The article: Aurora at 64 MB "doesn't go any faster and in
/// fact slows down a bit"; FIDELITY band -15%..+10% of its no-cache SELECT/s.
///
/// NOT MET: the conceptual Aurora cache at "64 MB" (64 KiB) does 1.73x its
/// no-cache SELECT/s with a 73% hit rate. Its hits cost about a third of a miss's
/// CPU, and the special distribution's hot 1% of ids (100 rows here, 100K in the
/// article) fits 64 KiB as it would fit 64 MB at ~600 bytes per entry. What is
/// unknown: Aurora's cache has no public source, so how it sizes entries, what its
/// lookup and maintenance cost, whether it answers inside sysbench's BEGIN..COMMIT
/// at all (the article's 2.5x at 256 MB+ says it does, as the model assumes), and
/// why its 64 MB run gained nothing. This test pins what the model gives.
#[test]
fn qc_2_aurora_64mb_is_about_no_cache() {
    let o = off("qc-aurora-256mb.json");
    let c = row(
        "qc-aurora-256mb.json",
        &[("server.query_cache_size", json!(64 * KIB))],
    );
    let r = c.selects_per_s / o.selects_per_s;
    println!("QC-2 Aurora 64 MB: {r:.2}x its no-cache SELECT/s (band 0.85-1.10)");
    assert!((1.6..=1.9).contains(&r), "Aurora 64 MB at {r:.2}x");
    assert!((0.65..0.8).contains(&c.hit_rate), "hit rate {}", c.hit_rate);
    // the lesson's table of where the simulation and the article part ways
    assert_quotes(
        &lesson_text("query-cache"),
        "query-cache",
        &format!(
            "| Aurora at 64 MB | no gain, slightly slower | {r:.2} × its rate without a cache |"
        ),
    );
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

/// QC-3, MySQL half at 1 GB and 16 GB. The article: MySQL "eventually peaks at
/// 23K SELECTs/s" from 256 MB to 16 GB, a small fraction of its ~190K without the
/// cache; FIDELITY band: at most 25% of its no-cache SELECT/s.
///
/// NOT MET above 256 MB: 1 GB gives ~30% and 16 GB ~122% of no-cache (256 MB: 12%,
/// met above). sysbench's oltp.lua runs its selects between BEGIN and COMMIT, and
/// InnoDB lets such read-only transactions use the cache (server/qc_innodb.rs), so
/// once the cache holds the hot results most SELECTs are hits (78% at 1 GB, 99% at
/// 16 GB), each taking the lock once, briefly. `structure_guard_mutex` is modelled
/// as the mutex it is (`try_lock` and `unlock` lock it, a woken waiter re-locks it
/// before testing the state): MySQL creates it with `MY_MUTEX_INIT_FAST`, glibc's
/// adaptive type, whose up to 100 PAUSE+CAS retries (~12 µs) outlast the queue of
/// at most 32 on-core threads for 125 ns sections, so no thread ever sleeps on its
/// futex; the mutex adds spinning, not wake-ups, and running threads keep taking
/// the lock while a signalled waiter is woken. No 50 ms wait ever runs out here,
/// whereas the article's 23K SELECT/s with 2048 clients is ~89 ms per SELECT, about
/// two time-outs (lookup and store) per SELECT, and a lookup that times out runs
/// without the cache (its low hit ratio). Not modelled, and possibly the gap: the
/// `futex_wake` system call `mysql_cond_signal` makes while holding the mutex,
/// glibc's internal condition-variable lock, cache-line traffic of 32 spinners,
/// and the preemption of a lock holder among 2048 threads (the core model runs a
/// step to its end). This test pins what the model gives.
#[test]
fn qc_3_mysql_large_caches_stay_slow() {
    let mo = off("qc-mysql-256mb.json");
    let mut shares = Vec::new();
    let mut hits = Vec::new();
    for (size, band) in [(1024 * KIB, 0.26..0.34), (16 * 1024 * KIB, 1.10..1.35)] {
        let (m, c) = row_and_counters(
            "qc-mysql-256mb.json",
            &[("server.query_cache_size", json!(size))],
        );
        let r = m.selects_per_s / mo.selects_per_s;
        println!(
            "QC-3 MySQL {size} B: {:.0} SELECT/s, {r:.3} of no-cache (band <= 0.25)",
            m.selects_per_s
        );
        println!("QC-3 MySQL {size} B: hit ratio {:.3}", m.hit_rate);
        assert!(band.contains(&r), "MySQL {size} B: {r:.3} of no-cache");
        // read-only transactions: InnoDB lets them use the cache (qc_innodb.rs)
        assert!(m.hit_rate > 0.5, "hit ratio {}", m.hit_rate);
        hits.push(m.hit_rate);
        // the lock convoy: most SELECTs find the lock taken and wait on its
        // condition; the mutex is contended (spins) but never slept on
        assert!(c["qcache_lock_waits"] > m.selects_per_s, "{c:?}");
        assert!(c["qcache_mutex_spin_waits"] > 0.0);
        assert_eq!(c["qcache_mutex_os_waits"], 0.0);
        assert_eq!(c["qcache_lock_timeouts"], 0.0);
        // "at 1 GB it still prunes old ones to make room; at 16 GB it never has to"
        let prunes = c["Qcache_lowmem_prunes"];
        if size == 1024 * KIB {
            assert!(prunes > 1_000.0, "1 GB: {prunes} prunes");
        } else {
            assert_eq!(prunes, 0.0, "16 GB");
        }
        shares.push(r);
    }
    // the lesson's table (1 GB and 16 GB) and the step's speaker notes (rounded)
    let lesson = lesson_text("query-cache");
    let quote = format!(
        "| ~23K, about an eighth of no cache | {:.0}% and {:.0}% of no cache |",
        100.0 * shares[0],
        100.0 * shares[1]
    );
    assert_quotes(&lesson, "query-cache", &quote);
    let notes = format!(
        "MySQL runs at {:.0}% and {:.0}% of its cache-off rate at 1 GB and 16 GB",
        100.0 * shares[0],
        100.0 * shares[1]
    );
    assert_quotes(&lesson, "query-cache", &notes);
    assert_quotes(
        &lesson,
        "query-cache",
        "at 1 GB it still prunes old ones to make room; at 16 GB it never has to",
    );
    let why = format!(
        "most SELECTs become hits ({:.0}% at 1 GB, {:.0}% at 16 GB)",
        100.0 * hits[0],
        100.0 * hits[1]
    );
    assert_quotes(&lesson, "query-cache", &why);
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
    // MySQL holds fewer queries and prunes with much of its arena free: each result
    // asks first for a block of query_cache_min_res_unit (4 KiB), and hits reorder
    // the LRU list, so pruning frees blocks far apart; the free space ends up in
    // pieces smaller on average than that (478 KiB in 139 pieces measured).
    println!(
        "QC-4 MySQL: hit ratio {:.3}, free {} in {} blocks, {} in cache, {} prunes; Aurora: hit ratio {:.3}, {} in cache, {} prunes",
        m.hit_rate, m.free_memory, m.free_blocks, m.queries_in_cache, m.lowmem_prunes, a.hit_rate, a.queries_in_cache, a.lowmem_prunes
    );
    assert!(
        m.free_memory * 4 > 1024 * KIB && m.free_memory < 4 * KIB * m.free_blocks,
        "free {} in {} blocks",
        m.free_memory,
        m.free_blocks
    );
}
