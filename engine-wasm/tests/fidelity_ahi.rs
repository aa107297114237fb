//! FIDELITY rows AHI-1..AHI-5, natively, on the adaptive-hash-index lesson's
//! scenario files: sysbench select.lua (PK point lookups), 1 thread, MySQL 5.7
//! (which counts each built row twice in adaptive_hash_rows_added). Scale: the
//! article's 16 GB pool and 10M/500M-row tables become 40,000/4,096 pages and
//! 2M rows (innodb_old_blocks_time scaled with the pool: 1000 ms -> 4 ms).
//! The adaptive-hash-index lesson quotes these runs' figures; each test also checks
//! that the lesson's text says what the engine gives.

mod common;

use common::{assert_quotes, grouped, lesson_scenario, lesson_text};
use innodb_lab::sim::SEC;
use innodb_lab::sim_handle::SimHandle;

const LESSON: &str = "adaptive-hash-index";

fn quotes(lesson: &str, quote: &str) {
    assert_quotes(lesson, LESSON, quote);
}

/// AHI counters over the window [warm_s, end] of a lesson scenario.
struct Window {
    hits: u64,
    btree: u64,
    added: u64,
    removed: u64,
    rows: u64,
    /// Hit ratio of the first and the last fifth of the window.
    early: f64,
    late: f64,
}

fn counters(h: &SimHandle) -> (u64, u64, u64, u64) {
    let c = h.engine.ahi.counters();
    (
        c.adaptive_hash_searches,
        c.adaptive_hash_searches_btree,
        c.adaptive_hash_rows_added,
        c.adaptive_hash_rows_removed,
    )
}

fn ratio(a: (u64, u64, u64, u64), b: (u64, u64, u64, u64)) -> f64 {
    let hits = (b.0 - a.0) as f64;
    hits / (hits + (b.1 - a.1) as f64).max(1.0)
}

/// A lesson scenario run to its end, with the AHI counters at every whole simulated
/// second (`at[s]`, from 0 s to the end) and the statements completed by then.
struct Run {
    h: SimHandle,
    at: Vec<((u64, u64, u64, u64), u64)>,
}

fn run_by_second(file: &str) -> Run {
    run_by_second_with(file, &[])
}

/// [`run_by_second`] with scenario fields set (an experiment's side overrides).
fn run_by_second_with(file: &str, overrides: &[(&str, serde_json::Value)]) -> Run {
    let mut h = SimHandle::new(&lesson_scenario(file, overrides)).expect("valid");
    let end = h.engine.end_time();
    assert_eq!(end % SEC, 0, "a whole number of seconds");
    let mut at = vec![(counters(&h), h.engine.stats.queries)];
    for s in 1..=end / SEC {
        h.engine.run_until(s * SEC);
        at.push((counters(&h), h.engine.stats.queries));
    }
    Run { h, at }
}

/// Rates over [from_s, to_s]: hit ratio, hits a second, rows added and removed a second.
struct Rates {
    hit: f64,
    hits: f64,
    added: f64,
    removed: f64,
}

impl Run {
    fn end_s(&self) -> usize {
        self.at.len() - 1
    }

    /// The counters over [warm_s, end]; the hit ratio of its first and last fifths.
    fn window(&self, warm_s: usize) -> Window {
        let end = self.end_s();
        assert_eq!((end - warm_s) % 5, 0, "fifths of whole seconds");
        let fifth = (end - warm_s) / 5;
        let (a, b) = (self.at[warm_s].0, self.at[end].0);
        Window {
            hits: b.0 - a.0,
            btree: b.1 - a.1,
            added: b.2 - a.2,
            removed: b.3 - a.3,
            rows: self.h.engine.table.rows,
            early: ratio(a, self.at[warm_s + fifth].0),
            late: ratio(self.at[end - fifth].0, b),
        }
    }

    fn rates(&self, from_s: usize, to_s: usize) -> Rates {
        let (a, b) = (self.at[from_s].0, self.at[to_s].0);
        let secs = (to_s - from_s) as f64;
        Rates {
            hit: ratio(a, b),
            hits: (b.0 - a.0) as f64 / secs,
            added: (b.2 - a.2) as f64 / secs,
            removed: (b.3 - a.3) as f64 / secs,
        }
    }

    /// A column of the run's metric series (one sample per `run.sample_ms`).
    fn series(&self, col: &str) -> Vec<f64> {
        let s = &self.h.engine.series;
        (0..s.len())
            .map(|i| s.get(i, col).unwrap_or(f64::NAN))
            .collect()
    }

    /// The lesson's row of its "after 30 s" table for this run (a 5.7 run: its rows
    /// added are halved, as the lesson's step 10 says, since 5.7 counts each twice),
    /// with the hits per row of maintenance.
    fn table_row(&self, label: &str, hit_digits: usize, maint_step: f64) -> String {
        let r = self.rates(30, self.end_s());
        let maint = r.added / 2.0 + r.removed;
        let per_row = r.hits / maint;
        let per_row = if per_row >= 100.0 {
            format!("about {}", grouped(per_row, 100.0))
        } else {
            // two significant digits
            let digits = (1 - per_row.log10().floor() as i32).max(0) as usize;
            format!("{per_row:.digits$}")
        };
        format!(
            "| {label} | {:.*}% | {} | {} | {per_row} |",
            hit_digits,
            100.0 * r.hit,
            // a tenth below 10: "4" beside a per-row 0.00025 did not divide (4.4 does)
            if r.hits < 10.0 {
                format!("{:.1}", r.hits)
            } else {
                grouped(r.hits, if r.hits < 100.0 { 1.0 } else { 100.0 })
            },
            grouped(maint, maint_step)
        )
    }
}

fn window(file: &str, warm_s: usize) -> (Window, Run) {
    let run = run_by_second(file);
    (run.window(warm_s), run)
}

impl Window {
    fn hit_ratio(&self) -> f64 {
        self.hits as f64 / (self.hits + self.btree).max(1) as f64
    }
}

#[test]
fn ahi_1_one_row_is_always_a_hit() {
    let path = format!(
        "{}/../lessons/scenarios/ahi-1-row.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut h = SimHandle::new(&std::fs::read_to_string(path).expect("scenario")).expect("valid");
    h.engine.run_until(h.engine.end_time());
    let c = h.engine.ahi.counters();
    let r = c.adaptive_hash_searches as f64
        / (c.adaptive_hash_searches + c.adaptive_hash_searches_btree) as f64;
    assert!(r >= 0.99, "hit ratio {r}");
    // one row hashed once; 5.7 counts it twice
    assert_eq!(c.adaptive_hash_rows_added, 2);
    assert_eq!(c.adaptive_hash_rows_removed, 0);
    // the lesson's "One row" step
    let lesson = lesson_text(LESSON);
    let lookups = c.adaptive_hash_searches + c.adaptive_hash_searches_btree;
    let per_s = h.engine.stats.queries as f64 / (h.engine.end_time() / SEC) as f64;
    quotes(
        &lesson,
        &format!(
            "In the simulation {} of about {:.1} million lookups descend the tree",
            grouped(c.adaptive_hash_searches_btree as f64, 1.0),
            lookups as f64 / 1e6
        ),
    );
    quotes(
        &lesson,
        &format!(
            "One row, read about {} times a second",
            grouped(per_s, 100.0)
        ),
    );
    quotes(
        &lesson,
        &format!(
            "The counter says {} rows added for this single row",
            c.adaptive_hash_rows_added
        ),
    );
    quotes(
        &lesson,
        &format!("The one-row table said {};", c.adaptive_hash_rows_added),
    );
    // the step's notes: the Rows added chart, one sample a second
    let s = &h.engine.series;
    let added: Vec<f64> = (0..s.len())
        .map(|i| s.get(i, "ahi_rows_added_per_s").unwrap_or(f64::NAN))
        .collect();
    assert_eq!(added[0], 2.0);
    assert!(added[1..].iter().all(|&x| x == 0.0), "{added:?}");
    quotes(
        &lesson,
        "added: 2 in the first second, then 0 (its scale is only 0 to 2)",
    );
}

#[test]
fn ahi_2_ten_thousand_rows_reach_about_100_percent() {
    let (w, run) = window("ahi-10k-rows.json", 5);
    assert!(w.hit_ratio() >= 0.98, "hit ratio {}", w.hit_ratio());
    assert_eq!(w.rows, 10_000);
    assert!(
        w.added <= 100,
        "maintenance after warm-up: {} rows added",
        w.added
    );
    // the lesson's "Ten thousand rows" step: every leaf hashed once in the first second
    let lesson = lesson_text(LESSON);
    let c = run.h.engine.ahi.counters();
    let leaves = run.h.engine.summary().indexes[0].leaf_pages;
    assert_eq!(c.adaptive_hash_pages_added, leaves);
    quotes(
        &lesson,
        &format!("Ten thousand rows fill about {leaves} leaf pages"),
    );
    quotes(
        &lesson,
        &format!("All {} pages are hashed once", c.adaptive_hash_pages_added),
    );
    let first = run.series("ahi_hit_rate")[0];
    quotes(
        &lesson,
        &format!(
            "The first simulated second already shows a {:.0}% hit ratio",
            100.0 * first
        ),
    );
    quotes(
        &lesson,
        &format!(
            "the 10,000-row table said {}.",
            grouped(c.adaptive_hash_rows_added as f64, 1.0)
        ),
    );
}

#[test]
fn ahi_3_fits_in_pool_close_to_but_not_100_percent() {
    let (w, run) = window("ahi-fits-in-pool.json", 30);
    let r = w.hit_ratio();
    // InnoDB's own fold (rec_fold) gives some keys the same fold: they share one
    // node and keep failing and re-pointing it, so maintenance never stops.
    // The lesson's seed (42) gives 0.99899, just inside the band's upper edge; seeds
    // 1-6 give 0.99896-0.99907. So a change that only moves the random streams can
    // cross 0.999 by a few parts per million with the mechanism unchanged.
    assert!((0.85..=0.999).contains(&r), "hit ratio {r}");
    assert!(w.added > 0, "maintenance continues");
    eprintln!(
        "AHI-3: hit ratio {r:.5}, rows added after warm-up {}",
        w.added
    );
    // the lesson's warm-up, steady-state and double-count steps, and its table
    let lesson = lesson_text(LESSON);
    let c = run.h.engine.ahi.counters();
    let leaves = run.h.engine.summary().indexes[0].leaf_pages;
    quotes(
        &lesson,
        &format!(
            "2 million rows, {} leaves, one thread",
            grouped(leaves as f64, 1.0)
        ),
    );
    let whole = c.adaptive_hash_searches as f64
        / (c.adaptive_hash_searches + c.adaptive_hash_searches_btree) as f64;
    quotes(
        &lesson,
        &format!(
            "hit ratio of {:.1}% ({} hash searches against {} tree descents)",
            100.0 * whole,
            grouped(c.adaptive_hash_searches as f64, 1.0),
            grouped(c.adaptive_hash_searches_btree as f64, 1.0)
        ),
    );
    quotes(
        &lesson,
        &format!(
            "the counters read {} pages added (every leaf, once) and {} rows added",
            grouped(c.adaptive_hash_pages_added as f64, 1.0),
            grouped(c.adaptive_hash_rows_added as f64, 1.0)
        ),
    );
    // the hit ratio chart (one sample a second, at t = 1 s, 2 s, ...)
    let hit = run.series("ahi_hit_rate");
    let past99 = hit.iter().position(|&x| x >= 0.99).expect("passes 99%") + 1;
    quotes(
        &lesson,
        &format!(
            "about {:.0}% at 6 s, {:.0}% at 10 s, past 99% at about {past99} s",
            100.0 * hit[5],
            100.0 * hit[9]
        ),
    );
    let peak = run
        .series("ahi_rows_added_per_s")
        .into_iter()
        .fold(0.0, f64::max);
    let lat = run.series("latency_mean_us");
    let lat_peak = lat.iter().cloned().fold(0.0, f64::max);
    quotes(
        &lesson,
        &format!(
            "rows are added at up to {} a second and the mean latency rises a little (from {:.1} to about {:.1} µs)",
            grouped(peak, 100_000.0),
            lat[0],
            lat_peak
        ),
    );
    quotes(&lesson, &run.table_row("2M rows, fits in the pool", 1, 1.0));
}

/// The lesson's "Turning it off" step: the 2M-row table's mean latency once the hit
/// ratio has settled (the mean of the per-second samples from 30 s to the end), with
/// the AHI off (B of the step's experiment) and on (A). A hash hit saves a three-level
/// descent of cached pages, small beside the rest of the statement.
#[test]
fn ahi_fits_in_pool_latency_with_and_without_the_ahi() {
    let settled = |lat: &[f64]| {
        let tail = &lat[29..];
        tail.iter().sum::<f64>() / tail.len() as f64
    };
    let a = run_by_second("ahi-fits-in-pool.json").series("latency_mean_us");
    let b = run_by_second_with(
        "ahi-fits-in-pool.json",
        &[(
            "server.innodb_adaptive_hash_index",
            serde_json::json!(false),
        )],
    )
    .series("latency_mean_us");
    let (on, off) = (settled(&a), settled(&b));
    let max = |v: &[f64]| v.iter().cloned().fold(0.0, f64::max);
    eprintln!(
        "AHI on {on:.2} µs, off {off:.2} µs after 30 s; warm-up peak on {:.2}, off at most {:.2}",
        max(&a[..15]),
        max(&b)
    );
    // "during its warm-up A is the slower of the two (up to about 35.5 µs while it
    // builds the hash), and after it A runs about half a microsecond faster"
    assert!(max(&a[..15]) > max(&b) + 2.0);
    assert!((0.4..0.6).contains(&(off - on)), "on {on} off {off}");
    let lesson = lesson_text(LESSON);
    quotes(
        &lesson,
        &format!("drops from {off:.1} µs with the AHI off to {on:.1} µs with it on once the hit ratio has settled"),
    );
    quotes(&lesson, &format!("{off:.1} µs\noff against {on:.1} µs on"));
}

#[test]
fn ahi_4_uniform_beyond_the_pool_never_reaches_5_percent_and_churns() {
    let (w, run) = window("ahi-uniform-outgrows-pool.json", 30);
    let r = w.hit_ratio();
    assert!(r < 0.05, "hit ratio {r}");
    // churn: what is built is evicted again (rows_added counts each row twice in 5.7)
    let built = w.added as f64 / 2.0;
    assert!(
        w.removed as f64 > 0.7 * built && (w.removed as f64) < 1.3 * built,
        "added {} removed {}",
        w.added,
        w.removed
    );
    eprintln!(
        "AHI-4: hit ratio {r:.5}, rows added {} removed {}",
        w.added, w.removed
    );
    // the lesson's uniform step and its table
    let lesson = lesson_text(LESSON);
    let c = run.h.engine.ahi.counters();
    let lookups = c.adaptive_hash_searches + c.adaptive_hash_searches_btree;
    let after = run.rates(30, run.end_s());
    quotes(
        &lesson,
        &format!(
            "It stays near {:.2}% in the simulation ({} hits out of {:.1} million lookups). Meanwhile about {} rows a second are added ({} hashed, each counted twice) and {} removed",
            100.0 * after.hit,
            grouped(c.adaptive_hash_searches as f64, 1.0),
            lookups as f64 / 1e6,
            grouped(after.added, 100.0),
            grouped(after.added / 2.0, 100.0),
            grouped(after.removed, 100.0)
        ),
    );
    quotes(
        &lesson,
        &run.table_row("7 times the pool, uniform", 2, 100.0),
    );
}

#[test]
fn ahi_5_pareto_beyond_the_pool_climbs_toward_half() {
    let (w, run) = window("ahi-pareto-outgrows-pool.json", 0);
    assert!(
        w.late >= 0.30 && w.late <= 0.70,
        "final hit ratio {}",
        w.late
    );
    assert!(w.late > w.early, "rising: {} -> {}", w.early, w.late);
    assert!(w.removed > 0, "maintenance stays significant");
    eprintln!(
        "AHI-5: hit ratio {:.3} -> {:.3}, rows added {} removed {}",
        w.early, w.late, w.added, w.removed
    );
    // the lesson's Pareto step and its table
    let lesson = lesson_text(LESSON);
    let (first, later, after) = (
        run.rates(0, 10),
        run.rates(20, run.end_s()),
        run.rates(30, run.end_s()),
    );
    quotes(
        &lesson,
        &format!(
            "it is about {:.0}% over the first 10 s and about {:.0}% from 20 s on. Maintenance falls from about {} to {} rows added a second, with about {} removed",
            100.0 * first.hit,
            100.0 * later.hit,
            grouped(first.added, 1000.0),
            grouped(after.added, 100.0),
            grouped(after.removed, 100.0)
        ),
    );
    // the speaker notes say the same
    quotes(
        &lesson,
        &format!(
            "Point at the hit ratio: about {:.0}% in the first 10 s, then flat near {:.0}% to the end, below\nthe article's 50% line; Rows added falls from about {} to about {} a second.",
            100.0 * first.hit,
            100.0 * later.hit,
            grouped(first.added, 1000.0),
            grouped(after.added, 1000.0)
        ),
    );
    quotes(
        &lesson,
        &run.table_row("7 times the pool, Pareto", 0, 100.0),
    );
}

/// Selects per simulated second between `from_s` and the end, and the AHI hit ratio.
fn select_rate(file: &str, from_s: f64) -> (f64, f64, SimHandle) {
    select_rate_with(file, &[], from_s)
}

/// [`select_rate`] of a lesson scenario with some fields replaced
/// (`("workload.query", json!(…))`).
fn select_rate_with(
    file: &str,
    overrides: &[(&str, serde_json::Value)],
    from_s: f64,
) -> (f64, f64, SimHandle) {
    let path = format!("{}/../lessons/scenarios/{file}", env!("CARGO_MANIFEST_DIR"));
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("scenario")).expect("json");
    for (field, value) in overrides {
        let (head, last) = field.rsplit_once('.').expect("a dotted path");
        let obj = head.split('.').fold(&mut v, |o, k| &mut o[k]);
        obj[last] = value.clone();
    }
    let mut h = SimHandle::new(&v.to_string()).expect("valid");
    let end = h.engine.end_time();
    h.engine.run_until((from_s * SEC as f64) as u64);
    let (q0, a) = (h.engine.stats.queries, counters(&h));
    h.engine.run_until(end);
    let (q1, b) = (h.engine.stats.queries, counters(&h));
    let secs = (end as f64 / SEC as f64) - from_s;
    ((q1 - q0) as f64 / secs, ratio(a, b), h)
}

/// AHI-6, pinned for what it teaches (the fidelity scenario is
/// `ahi_6_customer_model_in_lists_of_existing_k` below): an Aurora reader (the
/// parameter group says ON, the AHI is off) against the writer (AHI on),
/// sysbench's own `SELECT c FROM sbtest1 WHERE k = ?` on a table that fits in
/// memory. The article: the writer ran the customer's queries ~2x faster;
/// FIDELITY band 1.5–3x.
///
/// The simulated writer is only ~1.5% faster. Each
/// select costs STATEMENT_NS (30 µs: parse, plan, protocol) plus ~2–3 µs of index
/// work; the AHI can only shrink the index work (two descents of 2–3 levels at
/// 300 ns a level become 400 ns probes), and on the k index it cannot: a third of
/// the k values drawn by sysbench match no row, and each such search resets the
/// index's recommendation (`btr_search_info_update_hash`: up_match == low_match →
/// n_hash_potential = 0), so 100 successes in a row never happen and no k page is
/// ever hashed; only the clustered lookups hit. This test pins what the
/// mechanisms give; the lesson states both numbers.
#[test]
fn ahi_6_aurora_writer_vs_reader_secondary_key_selects() {
    let (writer, w_hit, w) = select_rate("aurora-writer.json", 3.0);
    let (reader, r_hit, r) = select_rate("aurora-reader.json", 3.0);
    // The setting you see vs the setting in effect.
    assert!(r.engine.scenario.server.innodb_adaptive_hash_index);
    assert!(!r.engine.ahi.enabled() && w.engine.ahi.enabled());
    assert_eq!(r_hit, 0.0);
    assert!((0.45..0.6).contains(&w_hit), "writer hit ratio {w_hit}");
    let ratio = writer / reader;
    println!(
        "AHI-6: writer {writer:.0} qps, reader {reader:.0} qps, ratio {ratio:.3} (band 1.5–3)"
    );
    assert!(
        (1.005..1.05).contains(&ratio),
        "writer {writer:.0} vs reader {reader:.0} qps: ratio {ratio:.3}"
    );
}

/// The AHI-6 runs below: 2.5 simulated seconds, measured from 1 s (every page the
/// load hashes is hashed within the first second).
fn short_rate(file: &str, more: &[(&str, serde_json::Value)]) -> (f64, f64, SimHandle) {
    let mut o = vec![("run.duration_s", serde_json::json!(2.5))];
    o.extend_from_slice(more);
    select_rate_with(file, &o, 1.0)
}

/// AHI-6, the fidelity scenario: the article's customer ran secondary-key selects
/// whose index lookups dominate the statement, on rows that exist. Modelled by
/// sysbench's `select_random_points` (`SELECT id, k, c, pad FROM sbtest1 WHERE k
/// IN (10 values)`) with `k_values = "existing"`: per statement 10 searches of
/// the k index and ~20 clustered lookups (a row's own k matches it plus Poisson(1)
/// others), one STATEMENT_NS.
///
/// BAND NOT MET (1.5–3x): the writer is ~1.16x the reader. Per statement the
/// reader spends ~86 µs of core time (8 cores / 93,100 qps), the writer ~74 µs;
/// the AHI turns ~30 descents (10 of the k index, 2 levels since prepare builds it
/// sorted and full; ~20 of the clustered index, 3 levels; 300 ns a level) into
/// 400 ns probes, ~12 µs saved, while the statement's fixed 30 µs and ~20 rows sent
/// (1 µs each) stay. Every k search finds its key, so the k index is hashed too
/// (hit ratio ~1.0). The writer with its AHI switched off runs exactly as the reader.
#[test]
fn ahi_6_customer_model_in_lists_of_existing_k() {
    let (writer, w_hit, w) = short_rate("aurora-points-writer.json", &[]);
    let (reader, r_hit, r) = short_rate("aurora-points-reader.json", &[]);
    let (off, off_hit, _) = short_rate(
        "aurora-points-writer.json",
        &[(
            "server.innodb_adaptive_hash_index",
            serde_json::json!(false),
        )],
    );
    assert!(r.engine.scenario.server.innodb_adaptive_hash_index);
    assert!(!r.engine.ahi.enabled() && w.engine.ahi.enabled());
    assert_eq!((r_hit, off_hit), (0.0, 0.0));
    assert!(w_hit > 0.99, "writer hit ratio {w_hit}");
    // ~20 rows per statement: 10 existing values of k, ~2 rows each
    let rows = w.engine.stats.rows_read as f64 / w.engine.stats.selects as f64;
    assert!((19.0..21.0).contains(&rows), "{rows} rows per statement");
    let ratio = writer / reader;
    println!(
        "AHI-6 (k IN (10 existing)): writer {writer:.0} qps, reader {reader:.0} qps, writer AHI off {off:.0} qps, ratio {ratio:.3} (band 1.5–3, not met)"
    );
    assert_eq!(off, reader, "the writer without its AHI is the reader");
    assert!(
        (1.13..1.19).contains(&ratio),
        "writer {writer:.0} vs reader {reader:.0} qps: ratio {ratio:.3}"
    );
}

/// AHI-6, the four variants of a secondary-key select, writer ÷ reader QPS: the
/// more of the statement is index lookups, and the more of those find their key,
/// the more the AHI gives. k = ? random (sysbench) 1.015, k = ? existing 1.035,
/// k IN (10 random) 1.086, k IN (10 existing) 1.16. With random k about 37% of the
/// searches miss and the k index is never hashed (hit ratio ~0.5: only the
/// clustered lookups hit); with existing k every search hits.
#[test]
fn ahi_6_four_variants_order_by_index_work() {
    use serde_json::json;
    let pair = |w: &str, r: &str, more: &[(&str, serde_json::Value)]| {
        let (a, a_hit, _) = short_rate(w, more);
        let (b, _, _) = short_rate(r, more);
        (a / b, a_hit, (a, b))
    };
    let points = [("workload.query", json!("select_random_points"))];
    let (eq_random, eq_random_hit, _) = pair("aurora-writer.json", "aurora-reader.json", &[]);
    let (eq_existing, eq_existing_hit, existing_qps) = pair(
        "aurora-writer-existing.json",
        "aurora-reader-existing.json",
        &[],
    );
    let (in_random, in_random_hit, in_random_qps) =
        pair("aurora-writer.json", "aurora-reader.json", &points);
    println!(
        "AHI-6 ratios: k=? random {eq_random:.3}, k=? existing {eq_existing:.3}, IN random {in_random:.3} (IN existing: the test above)"
    );
    assert!((0.45..0.55).contains(&eq_random_hit), "{eq_random_hit}");
    assert!((0.45..0.55).contains(&in_random_hit), "{in_random_hit}");
    assert!(eq_existing_hit > 0.99, "{eq_existing_hit}");
    assert!((1.005..1.03).contains(&eq_random), "{eq_random}");
    assert!((1.03..1.06).contains(&eq_existing), "{eq_existing}");
    assert!((1.06..1.11).contains(&in_random), "{in_random}");
    // what the aurora-reader lesson says of the two variants only this test runs
    let lesson = lesson_text("aurora-reader");
    let say = |q: &str| assert_quotes(&lesson, "aurora-reader", q);
    say(&format!(
        "on existing keys the writer runs {} queries a second against the reader's {}, **{eq_existing:.3}x**",
        grouped(existing_qps.0, 100.0),
        grouped(existing_qps.1, 100.0)
    ));
    say(&format!("| `WHERE k = ?` | existing | {eq_existing:.3}x |"));
    say(&format!(
        "| `WHERE k IN (10 values)` | sysbench's | {in_random:.2}x |"
    ));
    say(&format!(
        "runs here (about {} against {} queries a second)",
        grouped(in_random_qps.0, 1000.0),
        grouped(in_random_qps.1, 1000.0)
    ));
}
