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
