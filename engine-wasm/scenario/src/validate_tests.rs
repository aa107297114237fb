//! Tests of scenario parsing and validation: defaults, every bad field with its
//! path, cross-field rules, and the normalized echo.

use super::validate::{parse_scenario, MAX_SCENARIO_BYTES};
use super::{ConfigError, KValues, RandType};

fn errs(json: &str) -> Vec<ConfigError> {
    match parse_scenario(json) {
        Ok(_) => Vec::new(),
        Err(e) => e.errors,
    }
}

#[test]
fn empty_object_gives_a_complete_default_scenario() {
    let s = parse_scenario(r#"{"table":{"prepare_rows":100}}"#).expect("defaults are valid");
    assert_eq!(s.server.innodb_old_blocks_pct, 37);
    assert_eq!(s.workload.rand_type, RandType::Special);
    assert_eq!(s.table.columns.len(), 4);
}

#[test]
fn every_bad_field_is_reported_with_its_path() {
    let e = errs(
        r#"{"server":{"cores":0,"bogus":1},"workload":{"threads":"many","rand_type":"zipf"},"run":{"duration_s":-1}}"#,
    );
    let paths: Vec<&str> = e.iter().map(|x| x.path.as_str()).collect();
    for p in [
        "server.cores",
        "server.bogus",
        "workload.threads",
        "workload.rand_type",
        "run.duration_s",
    ] {
        assert!(paths.contains(&p), "missing {p} in {paths:?}");
    }
    let cores = e
        .iter()
        .find(|x| x.path == "server.cores")
        .map(|x| x.message.clone());
    assert_eq!(
        cores.as_deref(),
        Some("must be an integer from 1 to 256, got 0")
    );
}

#[test]
fn a_value_of_the_wrong_type_is_quoted() {
    // "got a string" left the reader to find which string; a number in quotes is the
    // usual slip, and its quotes now show.
    let e = errs(
        r#"{"workload":{"threads":"15"},"server":{"innodb_adaptive_hash_index":0,"cores":[2]},"run":{"duration_s":true}}"#,
    );
    let msg = |p: &str| e.iter().find(|x| x.path == p).map(|x| x.message.as_str());
    assert_eq!(
        msg("workload.threads"),
        Some("must be an integer from 1 to 4096, got the string \"15\"")
    );
    assert_eq!(
        msg("server.innodb_adaptive_hash_index"),
        Some("must be true or false, got 0")
    );
    assert_eq!(
        msg("server.cores"),
        Some("must be an integer from 1 to 256, got an array")
    );
    assert_eq!(
        msg("run.duration_s").map(|m| m.ends_with(", got true")),
        Some(true)
    );
    // A long string is cut short.
    let long = "x".repeat(100);
    let e = errs(&format!(r#"{{"seed":"{long}"}}"#));
    let seed = e
        .iter()
        .find(|x| x.path == "seed")
        .map(|x| x.message.clone());
    assert_eq!(
        seed.as_deref(),
        Some(
            format!(
                "must be an integer from 0 to 4294967295, got the string \"{}…",
                "x".repeat(39)
            )
            .as_str()
        )
    );
}

#[test]
fn a_field_with_one_allowed_value_says_which() {
    let e = parse_scenario(r#"{"version":2}"#).expect_err("version 2 is refused");
    let v = e
        .errors
        .iter()
        .find(|x| x.path == "version")
        .map(|x| x.message.clone());
    assert_eq!(v.as_deref(), Some("must be 1, got 2"));
}

#[test]
fn the_normalized_echo_parses_back_to_itself() {
    let s = parse_scenario(r#"{"table":{"prepare_rows":5}}"#).expect("valid");
    let echo = serde_json::to_string(&s).expect("serializable");
    assert_eq!(parse_scenario(&echo).expect("echo is valid"), s);
}

#[test]
fn not_json_and_too_big_are_errors_not_panics() {
    assert_eq!(errs("{").len(), 1);
    assert_eq!(errs("[]")[0].path, "");
    let huge = format!("{{\"x\":\"{}\"}}", "a".repeat(MAX_SCENARIO_BYTES));
    assert!(errs(&huge)[0].message.contains("at most"));
}

#[test]
fn cross_field_rules_name_the_field() {
    let e = errs(r#"{"table":{"primary_key":["nope"],"prepare_rows":1}}"#);
    assert_eq!(e[0].path, "table.primary_key[0]");
    let e = errs(r###"{"workload":{"query":"insert","id":{"template":"##"}}}"###);
    assert_eq!(e[0].path, "workload.id.template");
    let e = errs(r#"{"workload":{"query":"point_select"}}"#);
    assert_eq!(e[0].path, "table.prepare_rows");
}

#[test]
fn cross_field_rules_wait_for_the_fields_they_relate() {
    // A bad query: its own error only, not the default query's rule on prepare_rows.
    let e = errs(r#"{"table":{"prepare_rows":0},"workload":{"query":"delete"}}"#);
    let paths: Vec<&str> = e.iter().map(|x| x.path.as_str()).collect();
    assert_eq!(paths, ["workload.query"], "{e:?}");
    // Bad columns: not also "no column named k" of the default table's index.
    let e = errs(r#"{"table":{"columns":1,"prepare_rows":1}}"#);
    let paths: Vec<&str> = e.iter().map(|x| x.path.as_str()).collect();
    assert_eq!(paths, ["table.columns"], "{e:?}");
    // Once both parse, the rule speaks.
    let e = errs(r#"{"table":{"prepare_rows":0},"workload":{"query":"point_select"}}"#);
    assert_eq!(e[0].path, "table.prepare_rows");
    // A bad server field leaves the table's rules running (they do not read the server).
    let e = errs(r#"{"server":{"cores":0},"workload":{"query":"point_select"}}"#);
    let paths: Vec<&str> = e.iter().map(|x| x.path.as_str()).collect();
    assert_eq!(paths, ["server.cores", "table.prepare_rows"], "{e:?}");
}

#[test]
fn script_like_text_is_rejected_and_cut_short() {
    let e = errs(r#"{"table":{"name":"<script>alert(1)</script>","prepare_rows":1}}"#);
    assert_eq!(e[0].path, "table.name");
    assert!(e[0].message.contains("letters, digits"));
}

#[test]
fn rows_longer_than_half_a_page_are_refused() {
    let e = errs(
        r#"{"table":{"columns":[{"name":"id","type":"int"},{"name":"v","type":"varchar","length":16000}],"primary_key":["id"],"indexes":[]},"workload":{"query":"insert"}}"#,
    );
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].path, "table.columns");
    assert!(e[0].message.contains("8125"));
}

#[test]
fn oltp_lua_settings_need_the_oltp_lua_query() {
    let e = errs(
        r#"{"table":{"prepare_rows":5},"workload":{"query":"point_select","oltp_point_selects":25}}"#,
    );
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].path, "workload.oltp_point_selects");
    assert!(e[0].message.contains("oltp_lua"), "{}", e[0].message);
    let e = errs(
        r#"{"table":{"prepare_rows":5},"workload":{"query":"oltp_lua","oltp_point_selects":0}}"#,
    );
    assert_eq!(e[0].path, "workload.oltp_point_selects");
    let s = parse_scenario(
        r#"{"table":{"prepare_rows":5},"workload":{"query":"oltp_lua","oltp_index_updates":2}}"#,
    )
    .expect("valid");
    assert_eq!(
        (s.workload.oltp_point_selects, s.workload.oltp_index_updates),
        (10, 2)
    );
    let echo = serde_json::to_string(&s).expect("serializable");
    assert_eq!(parse_scenario(&echo).expect("echo is valid"), s);
}

#[test]
fn random_points_and_k_values_are_checked() {
    let e = errs(
        r#"{"table":{"prepare_rows":5},"workload":{"query":"secondary_select","random_points":5}}"#,
    );
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].path, "workload.random_points");
    assert!(
        e[0].message.contains("select_random_points"),
        "{}",
        e[0].message
    );
    let e = errs(
        r#"{"table":{"prepare_rows":5},"workload":{"query":"select_random_points","random_points":0}}"#,
    );
    assert_eq!(e[0].path, "workload.random_points");
    let e = errs(
        r#"{"table":{"prepare_rows":5},"workload":{"query":"point_select","k_values":"existing"}}"#,
    );
    assert_eq!(e[0].path, "workload.k_values");
    assert!(
        e[0].message.contains("secondary_select"),
        "{}",
        e[0].message
    );
    let e = errs(
        r#"{"table":{"prepare_rows":5},"workload":{"query":"secondary_select","k_values":"known"}}"#,
    );
    assert_eq!(e[0].path, "workload.k_values");
    assert!(e[0].message.contains("existing"), "{}", e[0].message);
    let e = errs(
        r#"{"table":{"prepare_rows":5,"count":2},"workload":{"query":"select_random_points"}}"#,
    );
    assert_eq!(e[0].path, "table.count");
    assert!(e[0].message.contains("sbtest1"), "{}", e[0].message);
    let s = parse_scenario(
        r#"{"table":{"prepare_rows":5},"workload":{"query":"select_random_points","k_values":"existing"}}"#,
    )
    .expect("valid");
    assert_eq!(s.workload.random_points, 10);
    assert_eq!(s.workload.k_values, KValues::Existing);
    let echo = serde_json::to_string(&s).expect("serializable");
    assert!(echo.contains(r#""query":"select_random_points""#), "{echo}");
    assert_eq!(parse_scenario(&echo).expect("echo is valid"), s);
    // the default is sysbench's own draw, and is not echoed
    let s =
        parse_scenario(r#"{"table":{"prepare_rows":5},"workload":{"query":"secondary_select"}}"#)
            .expect("valid");
    assert_eq!(s.workload.k_values, KValues::Random);
    assert!(!serde_json::to_string(&s)
        .expect("json")
        .contains("k_values"));
}

#[test]
fn json_text_is_serde_jsons_compact_and_pretty_text() {
    for json in [
        r#"{"table":{"prepare_rows":100}}"#,
        r#"{"table":{"prepare_rows":100,"indexes":[{"name":"k_1","columns":["k"]}]},
            "workload":{"threads":4},
            "run":{"duration_s":2.5,"changes":[{"at_s":1,"knob":"workload.threads","value":8}]}}"#,
        // Brackets, commas, colons and escapes inside a string; empty arrays.
        r#"{"description":"a {\"b\": [1, 2]}, c:\\ d\\\"","table":{"prepare_rows":10,"indexes":[]},
            "run":{"changes":[]}}"#,
    ] {
        let s = parse_scenario(json).expect("valid");
        assert_eq!(s.to_json(), serde_json::to_string(&s).unwrap());
        assert_eq!(
            s.to_json_pretty(),
            serde_json::to_string_pretty(&s).unwrap()
        );
    }
}

#[test]
fn knob_changes_run_in_time_order_and_ties_keep_their_order() {
    let s = parse_scenario(
        r#"{"table":{"prepare_rows":10},"run":{"duration_s":10,"changes":[
            {"at_s":5,"knob":"workload.threads","value":8},
            {"at_s":1,"knob":"workload.threads","value":2},
            {"at_s":5,"knob":"workload.threads","value":4},
            {"at_s":0,"knob":"workload.threads","value":3}]}}"#,
    )
    .expect("valid");
    let got: Vec<(f64, f64)> = s.run.changes.iter().map(|c| (c.at_s, c.value)).collect();
    assert_eq!(got, vec![(0.0, 3.0), (1.0, 2.0), (5.0, 8.0), (5.0, 4.0)]);
}

#[test]
fn a_run_takes_at_most_max_samples() {
    // 86,400 s at 1 ms, each field in range: 86.4 M rows of series (the page grew by GBs)
    let e = errs(r#"{"table":{"prepare_rows":100},"run":{"duration_s":86400,"sample_ms":1}}"#);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].path, "run.sample_ms");
    assert_eq!(
        e[0].message,
        "a run takes at most 100000 samples (run.duration_s / run.sample_ms): 86400 s every 1 ms is 86400000; give a sample_ms of at least 864 or a shorter run.duration_s"
    );
    // the bound itself, and the lessons' finest: 60 s at 1 ms
    assert!(
        errs(r#"{"table":{"prepare_rows":100},"run":{"duration_s":100,"sample_ms":1}}"#).is_empty()
    );
    assert!(
        errs(r#"{"table":{"prepare_rows":100},"run":{"duration_s":60,"sample_ms":1}}"#).is_empty()
    );
    assert_eq!(
        errs(r#"{"table":{"prepare_rows":100},"run":{"duration_s":100.001,"sample_ms":1}}"#).len(),
        1
    );
    // a field that did not parse gives its own error only
    let e = errs(r#"{"table":{"prepare_rows":100},"run":{"duration_s":86400,"sample_ms":0}}"#);
    assert_eq!(
        e.iter().map(|e| e.path.as_str()).collect::<Vec<_>>(),
        ["run.sample_ms"]
    );
    assert!(e[0].message.starts_with("must be"), "{e:?}");
}
