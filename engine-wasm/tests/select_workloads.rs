//! The read-only workloads natively: secondary-key selects (`WHERE k = ?`: the k
//! index, then the clustered index per match), sysbench `oltp_read_only` (16
//! statements per transaction, 10 + 4·100 rows read), `--tables=N`, and the
//! read_write script of the same statement model.

use innodb_lab::sim::SEC;
use innodb_lab::sim_handle::SimHandle;

fn scenario(query: &str, tables: u32, rows: u64, pool: u32, extra_server: &str) -> String {
    format!(
        r#"{{"seed":7,"server":{{"cores":4,"innodb_buffer_pool_pages":{pool},"innodb_lru_scan_depth":100,
        "innodb_adaptive_hash_index":true{extra_server}}},
        "storage":{{"commit_latency_us":0}},
        "table":{{"prepare_rows":{rows},"count":{tables}}},
        "workload":{{"threads":8,"query":"{query}","rand_type":"uniform","table_size":{rows}}},
        "run":{{"duration_s":1,"sample_ms":250}}}}"#
    )
}

fn run(json: &str) -> SimHandle {
    let mut h = SimHandle::new(json).expect("valid scenario");
    let end = h.engine.end_time();
    h.engine.run_until(end);
    h
}

fn counter(h: &SimHandle, name: &str) -> f64 {
    h.engine.summary().counters[name]
}

#[test]
fn oltp_read_only_counts_sixteen_queries_per_transaction() {
    let h = run(&scenario("oltp_read_only", 1, 20_000, 2048, ""));
    let s = &h.engine.stats;
    assert!(s.transactions > 1000, "{} transactions", s.transactions);
    // Statements in flight at the end belong to unfinished transactions.
    let in_flight = s.queries - 16 * s.transactions;
    assert!(
        in_flight < 16 * 8,
        "{} queries vs {} tps",
        s.queries,
        s.transactions
    );
    // 14 selects per transaction; BEGIN and COMMIT are not Com_select.
    assert!(s.selects >= 14 * s.transactions && s.selects < 14 * (s.transactions + 8));
    // 10 point rows + 4 ranges of 100 (ranges near the end of the table are shorter).
    let per_txn = s.rows_read as f64 / s.transactions as f64;
    assert!(
        (405.0..=411.0).contains(&per_txn),
        "{per_txn} rows per transaction"
    );
    let qps = h.engine.series.column("qps");
    let tps = h.engine.series.column("tps");
    let (q, t) = (qps[qps.len() - 1], tps[tps.len() - 1]);
    assert!((q / t - 16.0).abs() < 0.1, "qps {q} tps {t}");
}

#[test]
fn secondary_select_searches_k_then_the_clustered_index() {
    let rows = 20_000;
    let h = run(&scenario("secondary_select", 1, rows, 2048, ""));
    let s = &h.engine.stats;
    // Each k value matches Poisson(1) rows on average (k = sb_rand(1, table_size)).
    let per = s.rows_read as f64 / s.selects as f64;
    assert!((0.9..1.1).contains(&per), "{per} rows per select");
    // One search of k_1 per select, one clustered search per row, by hash or B-tree.
    let searches =
        counter(&h, "adaptive_hash_searches") + counter(&h, "adaptive_hash_searches_btree");
    let expected = (s.selects + s.rows_read) as f64;
    assert!(
        (searches - expected).abs() <= 16.0,
        "{searches} searches vs {expected}"
    );
    assert!(counter(&h, "adaptive_hash_searches") > 0.3 * expected);
}

#[test]
fn an_aurora_reader_keeps_the_ahi_off_whatever_the_variable_says() {
    let h = run(&scenario(
        "secondary_select",
        1,
        20_000,
        2048,
        r#","aurora_role":"reader""#,
    ));
    assert!(h.engine.scenario.server.innodb_adaptive_hash_index);
    assert!(!h.engine.ahi.enabled());
    assert_eq!(counter(&h, "adaptive_hash_searches"), 0.0);
    assert_eq!(counter(&h, "adaptive_hash_pages_added"), 0.0);
    let mut h = h;
    h.engine
        .apply_knob("server.innodb_adaptive_hash_index", 1.0)
        .expect("knob");
    assert!(!h.engine.ahi.enabled());
    let text = h.engine.status_text(&mut Default::default());
    // As a real server prints it with the AHI off: each partition's (empty) table, and no
    // hash searches; no "disabled" line, which no MySQL version prints.
    assert!(!text.contains("disabled"), "{text}");
    assert!(text.contains("node heap has 0 buffer(s)"), "{text}");
    assert!(text.contains("\n0.00 hash searches/s, "), "{text}");
    assert!(
        text.contains("Aurora reader: innodb_adaptive_hash_index\n  in the parameter group: ON\n  in effect (SHOW GLOBAL VARIABLES): OFF"),
        "{text}"
    );
}

#[test]
fn many_tables_spread_their_indexes_over_the_partitions() {
    let h = run(&scenario("point_select", 16, 5_000, 4096, ""));
    let sum = h.engine.summary();
    assert_eq!(sum.tables.len(), 16);
    assert_eq!(sum.tables[15].table, "sbtest16");
    assert_eq!(sum.tables[3].rows, 5_000);
    let parts: std::collections::BTreeSet<usize> = (0..16)
        .map(|t| h.engine.ahi.part_of((2 * t) as u16))
        .collect();
    assert!(
        parts.len() >= 4,
        "16 clustered indexes use partitions {parts:?}"
    );
    assert!(h.engine.now >= SEC);
}

#[test]
fn bad_workload_fields_are_named() {
    let bad = scenario("insert", 4, 100, 256, "");
    let e = SimHandle::new(&bad).err().expect("refused");
    assert!(e.to_json().contains("table.count"), "{}", e.to_json());
    let bad = scenario("point_select", 1, 100, 256, r#","aurora_role":"replica""#);
    let e = SimHandle::new(&bad).err().expect("refused");
    assert!(
        e.to_json().contains("server.aurora_role"),
        "{}",
        e.to_json()
    );
    assert!(
        e.to_json().contains("none, writer, reader"),
        "{}",
        e.to_json()
    );
}

/// read_write is a statement script of the same model: BEGIN, 10 point selects, two
/// updates, DELETE, INSERT of the deleted id, COMMIT; the changes write redo and dirty
/// pages, only COMMIT waits for the log, and one event is the whole transaction.
#[test]
fn read_write_runs_its_script_with_redo_per_change() {
    let h = run(&scenario("read_write", 2, 20_000, 2048, ""));
    let s = &h.engine.stats;
    let t = s.transactions;
    assert!(t > 500, "{t} transactions");
    assert_eq!(s.commits, t, "one event per COMMIT");
    // Every counter is within the 8 transactions in flight at the end.
    let within = |got: u64, per: u64, what: &str| {
        assert!(
            got >= per * t && got <= per * (t + 8),
            "{what}: {got} for {t} transactions"
        );
    };
    within(s.begins, 1, "Com_begin");
    within(s.selects, 10, "Com_select");
    within(s.updates, 2, "Com_update");
    within(s.deletes, 1, "Com_delete");
    within(s.inserts, 1, "Com_insert");
    within(s.queries, 16, "Questions");
    assert_eq!(h.engine.hist.count(), t);
    // Rows keep their count: each INSERT puts back the id its DELETE removed.
    assert_eq!(h.engine.table.rows, 2 * 20_000);
    // Redo: at least an update's mini-transaction per change, and dirty pages.
    assert!(h.engine.redo.lsn > h.engine.redo.last_checkpoint_lsn);
    assert!(counter(&h, "Innodb_buffer_pool_pages_dirty") > 0.0);
    let qps = h.engine.series.column("qps");
    let tps = h.engine.series.column("tps");
    let (q, tp) = (qps[qps.len() - 1], tps[tps.len() - 1]);
    assert!((q / tp - 16.0).abs() < 0.2, "qps {q} tps {tp}");
}

fn with_k(query: &str, k_values: &str, rows: u64) -> String {
    scenario(query, 1, rows, 2048, "").replace(
        r#""rand_type":"uniform""#,
        &format!(r#""k_values":"{k_values}","rand_type":"uniform""#),
    )
}

#[test]
fn existing_k_values_always_find_a_row() {
    let rows = 20_000;
    let h = run(&with_k("secondary_select", "existing", rows));
    let s = &h.engine.stats;
    // A row's own k matches it and, uniform k, Poisson(1) other rows: ~2 per select,
    // and never none (sysbench's draw misses e⁻¹ ≈ 37% of the time).
    let per = s.rows_read as f64 / s.selects as f64;
    assert!((1.85..2.15).contains(&per), "{per} rows per select");
    // Every search of k matches: the k index earns its hash, unlike with misses.
    let hits = counter(&h, "adaptive_hash_searches");
    let btree = counter(&h, "adaptive_hash_searches_btree");
    assert!(
        hits / (hits + btree) > 0.9,
        "hit ratio {}",
        hits / (hits + btree)
    );
}

#[test]
fn select_random_points_searches_k_once_per_value() {
    let rows = 20_000;
    for (k_values, lo, hi) in [("random", 8.5, 10.5), ("existing", 18.0, 22.0)] {
        let h = run(&with_k("select_random_points", k_values, rows));
        let s = &h.engine.stats;
        // 10 values (about 0.002 duplicates per statement merged by the range
        // optimizer), Poisson(1) rows each; existing values: ~2 rows each.
        let per = s.rows_read as f64 / s.selects as f64;
        assert!((lo..hi).contains(&per), "{k_values}: {per} rows per select");
        let searches =
            counter(&h, "adaptive_hash_searches") + counter(&h, "adaptive_hash_searches_btree");
        let k_searches = (searches - s.rows_read as f64) / s.selects as f64;
        assert!(
            (9.9..=10.05).contains(&k_searches),
            "{k_values}: {k_searches} k searches per select"
        );
        assert_eq!(s.queries, s.selects);
    }
}

/// SHOW ENGINE INNODB STATUS's ROW OPERATIONS section reports InnoDB's row counters
/// (`Innodb_rows_inserted`, `_updated`, `_deleted`, `_read`) and their rates since
/// the previous printout, not the statements (`Com_xxx`).
#[test]
fn status_row_operations_report_the_rows_and_their_rates() {
    let mut h = SimHandle::new(&scenario("read_write", 1, 20_000, 2048, "")).expect("valid");
    h.engine.run_until(SEC / 2);
    let _ = h.status_text();
    h.engine.run_until(SEC);
    let text = h.status_text();
    let s = &h.engine.stats;
    let rows = format!(
        "Number of rows inserted {}, updated {}, deleted {}, read {}",
        s.rows_inserted, s.rows_updated, s.rows_deleted, s.rows_read
    );
    assert!(text.contains(&rows), "{rows}\n{text}");
    // innodb_thread_concurrency = 0: nothing is admitted or queued by srv_conc, however
    // many of the 8 threads are busy (it read "8 inside, 4 in queue": the CPU run queue)
    assert!(
        text.contains("\n0 queries inside InnoDB, 0 queries in queue\n"),
        "{text}"
    );
    // each read_write transaction: 10 point selects, 2 updates, 1 delete, 1 insert
    let line = text
        .lines()
        .find(|l| l.contains(" inserts/s, "))
        .expect("rates line");
    let rates: Vec<f64> = line
        .split(", ")
        .map(|p| {
            p.split_whitespace()
                .next()
                .and_then(|x| x.parse().ok())
                .expect("rate")
        })
        .collect();
    let (ins, upd, del, read) = (rates[0], rates[1], rates[2], rates[3]);
    assert!(ins > 100.0 && del > 100.0, "{line}");
    assert!(
        (upd / ins - 2.0).abs() < 0.2,
        "two updates per insert: {line}"
    );
    assert!(
        (del / ins - 1.0).abs() < 0.1,
        "one delete per insert: {line}"
    );
    assert!(
        (read / ins - 10.0).abs() < 0.5,
        "ten rows read per insert: {line}"
    );
}

/// The `writes_per_s` series column counts INSERT, UPDATE and DELETE statements
/// completed (sysbench's writes): four per read_write transaction, none in
/// oltp_read_only.
#[test]
fn writes_per_s_counts_every_row_changing_statement() {
    use innodb_lab::metrics::series::COLUMNS;
    let col = |name: &str| COLUMNS.iter().position(|c| *c == name).expect("column");
    let (w, tps) = (col("writes_per_s"), col("tps"));
    let last_row = |h: &SimHandle| {
        let all = h.engine.series.since(0);
        all[all.len() - COLUMNS.len()..].to_vec()
    };
    let rw = last_row(&run(&scenario("read_write", 1, 20_000, 2048, "")));
    assert!(rw[tps] > 1000.0, "{} tps", rw[tps]);
    assert!(
        (rw[w] / rw[tps] - 4.0).abs() < 0.05,
        "{} writes/s at {} tps",
        rw[w],
        rw[tps]
    );
    let ro = last_row(&run(&scenario("oltp_read_only", 1, 20_000, 2048, "")));
    assert!(ro[tps] > 1000.0 && ro[w] == 0.0, "{} writes/s", ro[w]);
}
