//! Fuzzing the scenario boundary (`SimHandle::new`, what `new Simulation(json)` calls):
//! arbitrary bytes, JSON-like token soup, arbitrary JSON value trees with keys from the
//! scenario vocabulary, and valid scenarios with a few fields replaced by hostile values.
//! Every input must give `Ok` (then a short run keeps every invariant) or a typed
//! `EngineError` whose errors each have a non-empty message and a path that is "" or
//! names a real scenario field (or, for "unknown field", the unknown key under a real
//! object). Never a panic. Brief by default; `FUZZ_CASES=20000` (`npm run fuzz`) runs long.

mod common;

use common::{check_engine, fuzz_config, lesson_scenario, lesson_scenarios, set_path};
use innodb_lab::scenario::{parse_scenario, EngineError};
use innodb_lab::sim::MS;
use innodb_lab::sim_handle::{default_scenario_json, SimHandle};
use proptest::prelude::*;
use serde_json::{Map, Number, Value};
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// Every field of a scenario (array items as `[]`) and the objects among them, read
/// from the engine's own normalized echo of the default scenario and of each lesson
/// scenario, so the list follows the schema as it grows.
struct Schema {
    fields: BTreeSet<String>,
    objects: BTreeSet<String>,
}

fn schema() -> &'static Schema {
    static SCHEMA: OnceLock<Schema> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        let mut s = Schema {
            fields: BTreeSet::new(),
            objects: BTreeSet::new(),
        };
        let mut docs = vec![default_scenario_json()];
        let mut inputs: Vec<String> = lesson_scenarios()
            .iter()
            .map(|f| lesson_scenario(f, &[]))
            .collect();
        // Array items that are empty by default: one example each (kept if valid).
        inputs.push(
            r#"{"table":{"prepare_rows":10},"run":{"changes":[{"at_s":0.1,"knob":"workload.threads","value":2}]}}"#
                .to_string(),
        );
        for text in inputs {
            if let Ok(parsed) = parse_scenario(&text) {
                docs.push(serde_json::to_string(&parsed).expect("json"));
            }
        }
        for d in docs {
            let v: Value = serde_json::from_str(&d).expect("scenario echo is JSON");
            walk("", &v, &mut s);
        }
        assert!(
            s.fields.contains("workload.id.template"),
            "no template-id lesson"
        );
        s
    })
}

fn walk(path: &str, v: &Value, s: &mut Schema) {
    s.fields.insert(path.to_string());
    match v {
        Value::Object(m) => {
            s.objects.insert(path.to_string());
            for (k, x) in m {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                walk(&p, x, s);
            }
        }
        Value::Array(items) => {
            for x in items {
                walk(&format!("{path}[]"), x, s);
            }
        }
        _ => {}
    }
}

/// `table.columns[12].name` -> `table.columns[].name`.
fn normalize(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut chars = path.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '[' {
            while chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                chars.next();
            }
        }
    }
    out
}

/// The error contract of the boundary.
fn check_error(e: &EngineError) -> Result<(), String> {
    if e.errors.is_empty() {
        return Err(format!("{} error with no field errors", e.code));
    }
    if !["config", "knob", "state"].contains(&e.code) {
        return Err(format!("unexpected code {}", e.code));
    }
    for f in &e.errors {
        if f.message.trim().is_empty() {
            return Err(format!("empty message at path {:?}", f.path));
        }
        let norm = normalize(&f.path);
        let real = schema().fields.contains(&norm);
        let unknown_key = f.message.starts_with("unknown field")
            && schema().objects.iter().any(|o| {
                let rest = if o.is_empty() {
                    Some(norm.as_str())
                } else {
                    norm.strip_prefix(&format!("{o}."))
                };
                rest.is_some_and(|k| !k.is_empty())
            });
        if !real && !unknown_key {
            return Err(format!(
                "path {:?} names no scenario field ({})",
                f.path, f.message
            ));
        }
    }
    // The JSON a JS Error carries must parse back to the same errors.
    let back: Value = serde_json::from_str(&e.to_json()).map_err(|x| format!("to_json: {x}"))?;
    if back["errors"].as_array().map(Vec::len) != Some(e.errors.len()) {
        return Err(format!("to_json lost errors: {}", e.to_json()));
    }
    Ok(())
}

/// Builds the simulation; a valid scenario also runs briefly with invariants checked.
/// Scenarios that are valid but expensive to build (a big prepare or pool) are only
/// parsed: building them is the soak's business, not the fuzzer's.
fn exercise(input: &str) -> Result<(), String> {
    match parse_scenario(input) {
        Ok(s)
            if s.table.prepare_rows > 20_000
                || s.server.innodb_buffer_pool_pages > 50_000
                || s.workload.threads > 1024 =>
        {
            return Ok(())
        }
        Err(e) => return check_error(&e),
        Ok(_) => {}
    }
    match SimHandle::new(input) {
        Ok(mut h) => {
            let t = (2 * MS).min(h.engine.end_time());
            h.engine.run_until(t);
            check_engine(&h.engine)?;
            serde_json::to_string(&h.engine.summary()).map_err(|e| e.to_string())?;
            Ok(())
        }
        Err(e) => Err(format!(
            "parse_scenario accepted what SimHandle::new refused: {e}"
        )),
    }
}

/// Near-misses and prototype-pollution favourites, beside every key the schema knows.
const ODD_KEYS: &[&str] = &[
    "__proto__",
    "constructor",
    "prototype",
    "Version",
    "server ",
    "",
    "toString",
    "hasOwnProperty",
    "seed\u{0}",
    "table.name",
];

/// Section names (the top-level keys).
const SECTIONS: &[&str] = &[
    "version", "seed", "server", "storage", "table", "workload", "run",
];

/// Every key of the schema (the last part of each field path).
fn schema_keys() -> Vec<String> {
    let mut keys: BTreeSet<String> = schema()
        .fields
        .iter()
        .filter_map(|f| f.rsplit('.').next())
        .map(|k| k.trim_end_matches("[]").to_string())
        .filter(|k| !k.is_empty())
        .collect();
    keys.extend(ODD_KEYS.iter().map(|k| k.to_string()));
    keys.into_iter().collect()
}

/// String values: the vocabulary's own, NaN-like numbers, script and injection text.
const WORDS: &[&str] = &[
    "insert",
    "point_select",
    "auto_increment",
    "uniform",
    "gaussian",
    "special",
    "pareto",
    "latin1",
    "utf8mb4",
    "int",
    "bigint",
    "char",
    "varchar",
    "id",
    "k",
    "c",
    "pad",
    "PRIMARY",
    "###########-###########",
    "@@@@",
    "#",
    "NaN",
    "-NaN",
    "Infinity",
    "-Infinity",
    "1e999",
    "-0",
    "0x10",
    "1_000",
    "",
    " ",
    "null",
    "true",
    "<script>alert(1)</script>",
    "\"; DROP TABLE sbtest1; --",
    "${process.exit()}",
    "{{7*7}}",
    "\u{0}",
    "\u{202e}evil",
    "é",
    "🦀",
    "\\u0000",
    "../../etc/passwd",
    "5.7",
    "8.0.25",
    "8.0.30",
    "8.4",
];

fn number() -> impl Strategy<Value = Value> {
    prop_oneof![
        any::<u64>().prop_map(|n| Value::Number(n.into())),
        any::<i64>().prop_map(|n| Value::Number(n.into())),
        (0u64..300).prop_map(|n| Value::Number(n.into())),
        prop::sample::select(vec![
            0.0,
            -0.0,
            0.5,
            1e-300,
            -1.0,
            1e15,
            9.0e18,
            1.8e19,
            1e308,
            f64::MAX,
            f64::MIN_POSITIVE,
            4096.5,
            86_400.000_001,
        ])
        .prop_map(|f| Number::from_f64(f)
            .map(Value::Number)
            .unwrap_or(Value::Null)),
        any::<f64>().prop_map(|f| Number::from_f64(f)
            .map(Value::Number)
            .unwrap_or(Value::Null)),
    ]
}

fn string() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(WORDS).prop_map(str::to_string),
        2 => "[a-z_#@0-9-]{0,30}",
        1 => ".{0,80}",
        1 => (1usize..70_000, prop::sample::select(vec!['a', '#', 'é', '\u{0}']))
            .prop_map(|(n, c)| std::iter::repeat_n(c, n).collect()),
    ]
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => prop::sample::select(schema_keys()),
        1 => string(),
    ]
}

/// Arbitrary JSON values, keys mostly from the scenario vocabulary.
fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        number(),
        string().prop_map(Value::String),
    ];
    leaf.prop_recursive(6, 96, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
            prop::collection::vec((key(), inner), 0..8)
                .prop_map(|kv| Value::Object(kv.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// Values a field may well accept: small numbers, the vocabulary, booleans, null.
fn plausible() -> impl Strategy<Value = Value> {
    prop_oneof![
        (0u64..300).prop_map(|n| Value::Number(n.into())),
        (1u64..5000).prop_map(|n| Value::Number(n.into())),
        (0.001f64..5.0).prop_map(|f| Number::from_f64(f)
            .map(Value::Number)
            .unwrap_or(Value::Null)),
        prop::sample::select(WORDS).prop_map(|w| Value::String(w.to_string())),
        any::<bool>().prop_map(Value::Bool),
        Just(Value::Null),
    ]
}

/// A concrete path into a scenario: a real field (array items 0..3) or a random key.
fn field_path() -> impl Strategy<Value = String> {
    let fields: Vec<String> = schema()
        .fields
        .iter()
        .filter(|f| !f.is_empty())
        .cloned()
        .collect();
    prop_oneof![
        5 => (prop::sample::select(fields.clone()), 0usize..3)
            .prop_map(|(f, i)| f.replace("[]", &format!(".{i}"))),
        1 => (prop::sample::select(fields), key())
            .prop_map(|(f, k)| format!("{}.{k}", f.replace("[]", ".0"))),
    ]
}

/// Sets `path` (dots; numeric parts index arrays) to `v`, replacing whatever is in the way.
fn put(doc: &mut Value, path: &str, v: Value) {
    let parts: Vec<&str> = path.split('.').collect();
    put_parts(doc, &parts, v);
}

fn put_parts(cur: &mut Value, parts: &[&str], v: Value) {
    let Some((part, rest)) = parts.split_first() else {
        *cur = v;
        return;
    };
    if let (Ok(i), Value::Array(items)) = (part.parse::<usize>(), &mut *cur) {
        if items.is_empty() {
            items.push(Value::Object(Map::new()));
        }
        let i = i.min(items.len() - 1);
        return put_parts(&mut items[i], rest, v);
    }
    if !cur.is_object() {
        *cur = Value::Object(Map::new());
    }
    if let Value::Object(m) = cur {
        let child = m.entry(part.to_string()).or_insert(Value::Null);
        put_parts(child, rest, v);
    }
}

/// A valid base scenario (a lesson's, made small) with a few fields made hostile.
fn mutated() -> impl Strategy<Value = String> {
    let bases: Vec<String> = lesson_scenarios()
        .iter()
        .map(|f| {
            lesson_scenario(
                f,
                &[
                    ("workload.max_rows", 500.into()),
                    ("server.innodb_buffer_pool_pages", 64.into()),
                ],
            )
        })
        .chain([
            r#"{"table":{"prepare_rows":300},"run":{"duration_s":0.01}}"#.to_string(),
            r#"{"table":{"prepare_rows":300},"run":{"duration_s":0.01,"changes":[
                {"at_s":0.001,"knob":"workload.threads","value":3},
                {"at_s":0.002,"knob":"server.innodb_adaptive_hash_index","value":1}]}}"#
                .to_string(),
        ])
        .filter(|t| parse_scenario(t).is_ok())
        .collect();
    (
        prop::sample::select(bases),
        prop::collection::vec(
            (field_path(), prop_oneof![3 => plausible(), 1 => value()]),
            1..4,
        ),
        prop::option::of(prop::collection::vec(field_path(), 1..3)),
    )
        .prop_map(|(base, edits, removals)| {
            let mut doc: Value = serde_json::from_str(&base).expect("base is JSON");
            for (p, v) in edits {
                put(&mut doc, &p, v);
            }
            for p in removals.unwrap_or_default() {
                // Removing a field: set it to null (the reader treats null as absent).
                put(&mut doc, &p, Value::Null);
            }
            doc.to_string()
        })
}

/// JSON-looking token soup (mostly invalid JSON: exercises the parse error path).
fn token_soup() -> impl Strategy<Value = String> {
    let tok = prop_oneof![
        Just("{".to_string()),
        Just("}".to_string()),
        Just("[".to_string()),
        Just("]".to_string()),
        Just(":".to_string()),
        Just(",".to_string()),
        Just("\"".to_string()),
        Just("\\".to_string()),
        Just("-".to_string()),
        Just("1e400".to_string()),
        Just("NaN".to_string()),
        prop::sample::select(schema_keys()).prop_map(|k| format!("\"{k}\"")),
        any::<i64>().prop_map(|n| n.to_string()),
        "[ \t\r\n]{0,3}",
    ];
    prop::collection::vec(tok, 0..60).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(fuzz_config(300))]

    #[test]
    fn arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..2048)) {
        let text = String::from_utf8_lossy(&bytes);
        prop_assert_eq!(exercise(&text), Ok(()));
    }

    #[test]
    fn token_soup_text(text in token_soup()) {
        prop_assert_eq!(exercise(&text), Ok(()));
    }

    #[test]
    fn arbitrary_json_values(v in value()) {
        let text = v.to_string();
        prop_assert_eq!(exercise(&text), Ok(()));
    }

    #[test]
    fn arbitrary_scenario_shaped_objects(
        sections in prop::collection::vec((prop::sample::select(SECTIONS), value()), 0..7)
    ) {
        let mut doc = Value::Object(Map::new());
        for (k, v) in sections {
            set_path(&mut doc, k, v);
        }
        prop_assert_eq!(exercise(&doc.to_string()), Ok(()));
    }

    #[test]
    fn valid_scenarios_with_hostile_fields(text in mutated()) {
        prop_assert_eq!(exercise(&text), Ok(()));
    }
}

#[test]
fn known_hostile_inputs() {
    let deep = "[".repeat(100_000) + &"]".repeat(100_000);
    let deep_obj = "{\"server\":".repeat(5_000) + "1" + &"}".repeat(5_000);
    let huge = format!("{{\"table\":{{\"name\":\"{}\"}}}}", "a".repeat(300_000));
    let cases: Vec<String> = vec![
        String::new(),
        "null".into(),
        "[]".into(),
        "\"scenario\"".into(),
        "1e999".into(),
        "{\"seed\":-0}".into(),
        "{\"seed\":18446744073709551616}".into(),
        "{\"run\":{\"duration_s\":1e-320}}".into(),
        "{\"server\":{\"cores\":4294967297}}".into(),
        "{\"workload\":{\"threads\":4096.0}}".into(),
        "{\"table\":{\"columns\":[]}}".into(),
        "{\"table\":{\"columns\":[{}],\"primary_key\":[\"col\"]}}".into(),
        "{\"table\":{\"indexes\":[{\"columns\":[]}]}}".into(),
        "{\"__proto__\":{\"polluted\":1}}".into(),
        deep,
        deep_obj,
        huge,
    ];
    for c in &cases {
        assert_eq!(exercise(c), Ok(()), "input {:.80}", c);
    }
}
