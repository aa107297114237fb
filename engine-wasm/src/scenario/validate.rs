//! Parses scenario JSON with defaults and collects *every* bad field with its path
//! and what is allowed (serde alone would stop at the first error).

use super::error::{ConfigError, EngineError};
use super::types::*;
use serde_json::{Map, Value};

/// Longest accepted scenario text (bytes); protects the engine from huge inputs.
pub const MAX_SCENARIO_BYTES: usize = 256 * 1024;

/// Walks a JSON object, reading fields with defaults and recording errors.
struct Reader<'a> {
    errors: &'a mut Vec<ConfigError>,
}

impl Reader<'_> {
    fn err(&mut self, path: &str, msg: impl Into<String>) {
        self.errors.push(ConfigError::new(path, msg));
    }

    /// The object at `path` (or an empty one when absent); rejects unknown keys.
    fn object<'v>(
        &mut self,
        v: Option<&'v Value>,
        path: &str,
        allowed: &[&str],
    ) -> Option<&'v Map<String, Value>> {
        match v {
            None | Some(Value::Null) => None,
            Some(Value::Object(m)) => {
                for k in m.keys() {
                    if !allowed.contains(&k.as_str()) {
                        let p = join(path, k);
                        self.err(
                            &p,
                            format!("unknown field; allowed: {}", allowed.join(", ")),
                        );
                    }
                }
                Some(m)
            }
            Some(other) => {
                self.err(path, format!("must be an object, got {}", kind(other)));
                None
            }
        }
    }

    fn uint(
        &mut self,
        m: Option<&Map<String, Value>>,
        path: &str,
        key: &str,
        default: u64,
        min: u64,
        max: u64,
    ) -> u64 {
        let p = join(path, key);
        match m.and_then(|m| m.get(key)) {
            None | Some(Value::Null) => default,
            Some(Value::Number(n)) => match n.as_u64() {
                Some(x) if (min..=max).contains(&x) => x,
                _ => {
                    self.err(
                        &p,
                        format!("must be an integer from {min} to {max}, got {n}"),
                    );
                    default
                }
            },
            Some(other) => {
                self.err(
                    &p,
                    format!(
                        "must be an integer from {min} to {max}, got {}",
                        kind(other)
                    ),
                );
                default
            }
        }
    }

    fn float(
        &mut self,
        m: Option<&Map<String, Value>>,
        path: &str,
        key: &str,
        default: f64,
        min: f64,
        max: f64,
    ) -> f64 {
        let p = join(path, key);
        match m.and_then(|m| m.get(key)) {
            None | Some(Value::Null) => default,
            Some(Value::Number(n)) => match n.as_f64() {
                Some(x) if x >= min && x <= max => x,
                _ => {
                    self.err(&p, format!("must be a number from {min} to {max}, got {n}"));
                    default
                }
            },
            Some(other) => {
                self.err(
                    &p,
                    format!("must be a number from {min} to {max}, got {}", kind(other)),
                );
                default
            }
        }
    }

    fn bool(
        &mut self,
        m: Option<&Map<String, Value>>,
        path: &str,
        key: &str,
        default: bool,
    ) -> bool {
        match m.and_then(|m| m.get(key)) {
            None | Some(Value::Null) => default,
            Some(Value::Bool(b)) => *b,
            Some(other) => {
                self.err(
                    &join(path, key),
                    format!("must be true or false, got {}", kind(other)),
                );
                default
            }
        }
    }

    fn name(
        &mut self,
        m: Option<&Map<String, Value>>,
        path: &str,
        key: &str,
        default: &str,
    ) -> String {
        match m.and_then(|m| m.get(key)) {
            None | Some(Value::Null) => default.to_string(),
            Some(Value::String(s)) if valid_ident(s) => s.clone(),
            Some(other) => {
                self.err(
                    &join(path, key),
                    format!(
                        "must be a name of 1 to 64 letters, digits or _, got {}",
                        short(other)
                    ),
                );
                default.to_string()
            }
        }
    }

    fn choice<T: Copy>(
        &mut self,
        m: Option<&Map<String, Value>>,
        path: &str,
        key: &str,
        default: T,
        options: &[(&str, T)],
    ) -> T {
        let names: Vec<&str> = options.iter().map(|o| o.0).collect();
        match m.and_then(|m| m.get(key)) {
            None | Some(Value::Null) => default,
            Some(Value::String(s)) => match options.iter().find(|o| o.0 == s) {
                Some(o) => o.1,
                None => {
                    self.err(
                        &join(path, key),
                        format!(
                            "must be one of {}, got {}",
                            names.join(", "),
                            short(&Value::String(s.clone()))
                        ),
                    );
                    default
                }
            },
            Some(other) => {
                self.err(
                    &join(path, key),
                    format!("must be one of {}, got {}", names.join(", "), kind(other)),
                );
                default
            }
        }
    }
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A value shown in a message, cut short so a huge input cannot flood the UI.
fn short(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 40 {
        format!("{}…", s.chars().take(40).collect::<String>())
    } else {
        s
    }
}

fn valid_ident(s: &str) -> bool {
    !s.is_empty() && s.len() <= 64 && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Parses and validates scenario JSON; on failure returns every bad field.
pub fn parse_scenario(json: &str) -> Result<Scenario, EngineError> {
    if json.len() > MAX_SCENARIO_BYTES {
        return Err(EngineError::config(vec![ConfigError::new(
            "",
            format!(
                "scenario is {} bytes; at most {MAX_SCENARIO_BYTES} allowed",
                json.len()
            ),
        )]));
    }
    let v: Value = serde_json::from_str(json).map_err(|e| {
        EngineError::config(vec![ConfigError::new("", format!("not valid JSON: {e}"))])
    })?;
    let mut errors = Vec::new();
    let s = read(&v, &mut errors);
    if errors.is_empty() {
        Ok(s)
    } else {
        Err(EngineError::config(errors))
    }
}

/// Validates an already parsed scenario's cross-field rules (used after knob overrides).
pub fn validate(s: &Scenario) -> Vec<ConfigError> {
    let mut errors = Vec::new();
    check_table(&s.table, &s.workload, &mut errors);
    errors
}

fn read(v: &Value, errors: &mut Vec<ConfigError>) -> Scenario {
    let mut r = Reader { errors };
    let top = r.object(
        Some(v),
        "",
        &[
            "version", "seed", "server", "storage", "table", "workload", "run",
        ],
    );
    if top.is_none() {
        r.err("", "a scenario must be a JSON object");
    }
    let version = r.uint(
        top,
        "",
        "version",
        SCENARIO_VERSION as u64,
        1,
        SCENARIO_VERSION as u64,
    ) as u32;
    let seed = r.uint(top, "", "seed", 42, 0, u32::MAX as u64);

    let sv = r.object(
        top.and_then(|m| m.get("server")),
        "server",
        &[
            "cores",
            "innodb_buffer_pool_pages",
            "innodb_old_blocks_pct",
            "innodb_old_blocks_time_ms",
            "innodb_lru_scan_depth",
        ],
    );
    let server = ServerConfig {
        cores: r.uint(sv, "server", "cores", 8, 1, 256) as u32,
        innodb_buffer_pool_pages: r.uint(
            sv,
            "server",
            "innodb_buffer_pool_pages",
            1024,
            64,
            1 << 20,
        ) as u32,
        innodb_old_blocks_pct: r.uint(sv, "server", "innodb_old_blocks_pct", 37, 5, 95) as u32,
        innodb_old_blocks_time_ms: r.uint(
            sv,
            "server",
            "innodb_old_blocks_time_ms",
            1000,
            0,
            100_000,
        ) as u32,
        innodb_lru_scan_depth: r.uint(sv, "server", "innodb_lru_scan_depth", 1024, 100, 1 << 20)
            as u32,
    };

    let st = r.object(
        top.and_then(|m| m.get("storage")),
        "storage",
        &[
            "read_latency_us",
            "write_latency_us",
            "iops",
            "commit_latency_us",
        ],
    );
    let storage = StorageConfig {
        read_latency_us: r.uint(st, "storage", "read_latency_us", 200, 1, 1_000_000) as u32,
        write_latency_us: r.uint(st, "storage", "write_latency_us", 200, 1, 1_000_000) as u32,
        iops: r.uint(st, "storage", "iops", 20_000, 10, 10_000_000) as u32,
        commit_latency_us: r.uint(st, "storage", "commit_latency_us", 100, 0, 1_000_000) as u32,
    };

    let table = read_table(&mut r, top.and_then(|m| m.get("table")));
    let workload = read_workload(&mut r, top.and_then(|m| m.get("workload")));

    let ru = r.object(
        top.and_then(|m| m.get("run")),
        "run",
        &["duration_s", "sample_ms"],
    );
    let run = RunConfig {
        duration_s: r.float(ru, "run", "duration_s", 60.0, 0.001, 86_400.0),
        sample_ms: r.uint(ru, "run", "sample_ms", 100, 1, 60_000) as u32,
    };
    check_table(&table, &workload, errors);
    Scenario {
        version,
        seed,
        server,
        storage,
        table,
        workload,
        run,
    }
}

fn read_table(r: &mut Reader<'_>, v: Option<&Value>) -> TableConfig {
    let t = r.object(
        v,
        "table",
        &[
            "name",
            "charset",
            "columns",
            "primary_key",
            "indexes",
            "prepare_rows",
        ],
    );
    let name = r.name(t, "table", "name", "sbtest1");
    let charset = r.choice(
        t,
        "table",
        "charset",
        CharsetName::Utf8mb4,
        &[
            ("latin1", CharsetName::Latin1),
            ("utf8mb4", CharsetName::Utf8mb4),
        ],
    );
    let columns = match t.and_then(|m| m.get("columns")) {
        None | Some(Value::Null) => default_columns(),
        Some(Value::Array(items)) if !items.is_empty() && items.len() <= 16 => items
            .iter()
            .enumerate()
            .map(|(i, c)| read_column(r, c, &format!("table.columns[{i}]")))
            .collect(),
        Some(other) => {
            r.err(
                "table.columns",
                format!("must be an array of 1 to 16 columns, got {}", short(other)),
            );
            default_columns()
        }
    };
    let primary_key = read_names(
        r,
        t.and_then(|m| m.get("primary_key")),
        "table.primary_key",
        &["id"],
    );
    let indexes = match t.and_then(|m| m.get("indexes")) {
        None | Some(Value::Null) => vec![IndexConfig {
            name: "k_1".into(),
            columns: vec!["k".into()],
        }],
        Some(Value::Array(items)) if items.len() <= 8 => items
            .iter()
            .enumerate()
            .map(|(i, x)| {
                let p = format!("table.indexes[{i}]");
                let m = r.object(Some(x), &p, &["name", "columns"]);
                IndexConfig {
                    name: r.name(m, &p, "name", &format!("idx_{i}")),
                    columns: read_names(
                        r,
                        m.and_then(|m| m.get("columns")),
                        &format!("{p}.columns"),
                        &[],
                    ),
                }
            })
            .collect(),
        Some(other) => {
            r.err(
                "table.indexes",
                format!(
                    "must be an array of at most 8 indexes, got {}",
                    short(other)
                ),
            );
            Vec::new()
        }
    };
    let prepare_rows = r.uint(t, "table", "prepare_rows", 0, 0, 5_000_000);
    TableConfig {
        name,
        charset,
        columns,
        primary_key,
        indexes,
        prepare_rows,
    }
}

fn read_column(r: &mut Reader<'_>, v: &Value, path: &str) -> ColumnConfig {
    let m = r.object(Some(v), path, &["name", "type", "length", "nullable"]);
    let name = r.name(m, path, "name", "col");
    let kind = r.choice(
        m,
        path,
        "type",
        ColumnKind::Int,
        &[
            ("int", ColumnKind::Int),
            ("bigint", ColumnKind::Bigint),
            ("char", ColumnKind::Char),
            ("varchar", ColumnKind::Varchar),
        ],
    );
    let length = match kind {
        ColumnKind::Char => r.uint(m, path, "length", 1, 1, 255) as u32,
        ColumnKind::Varchar => r.uint(m, path, "length", 1, 1, 16_383) as u32,
        _ => {
            if m.is_some_and(|m| m.contains_key("length")) {
                r.err(
                    &join(path, "length"),
                    "only char and varchar columns take a length",
                );
            }
            0
        }
    };
    let nullable = r.bool(m, path, "nullable", false);
    ColumnConfig {
        name,
        kind,
        length,
        nullable,
    }
}

fn read_names(r: &mut Reader<'_>, v: Option<&Value>, path: &str, default: &[&str]) -> Vec<String> {
    match v {
        None | Some(Value::Null) => default.iter().map(|s| s.to_string()).collect(),
        Some(Value::Array(items)) if !items.is_empty() && items.len() <= 4 => {
            let mut out = Vec::new();
            for (i, x) in items.iter().enumerate() {
                match x {
                    Value::String(s) if valid_ident(s) => out.push(s.clone()),
                    other => r.err(
                        &format!("{path}[{i}]"),
                        format!("must be a column name, got {}", short(other)),
                    ),
                }
            }
            out
        }
        Some(other) => {
            r.err(
                path,
                format!(
                    "must be an array of 1 to 4 column names, got {}",
                    short(other)
                ),
            );
            default.iter().map(|s| s.to_string()).collect()
        }
    }
}

fn read_workload(r: &mut Reader<'_>, v: Option<&Value>) -> WorkloadConfig {
    let w = r.object(
        v,
        "workload",
        &[
            "threads",
            "query",
            "id",
            "table_size",
            "rand_type",
            "max_rows",
        ],
    );
    let threads = r.uint(w, "workload", "threads", 16, 1, 4096) as u32;
    let query = r.choice(
        w,
        "workload",
        "query",
        QueryKind::PointSelect,
        &[
            ("insert", QueryKind::Insert),
            ("point_select", QueryKind::PointSelect),
        ],
    );
    let id = match w.and_then(|m| m.get("id")) {
        None | Some(Value::Null) => IdGen::AutoIncrement,
        Some(Value::String(s)) if s == "auto_increment" => IdGen::AutoIncrement,
        Some(Value::Object(m)) if m.len() == 1 && m.contains_key("template") => {
            match m.get("template") {
                Some(Value::String(t)) if !t.is_empty() && t.len() <= 26 && t.is_ascii() => {
                    IdGen::Template(t.clone())
                }
                other => {
                    r.err("workload.id.template", format!("must be a string of 1 to 26 ASCII characters ('#' = digit, '@' = letter), got {}", other.map(short).unwrap_or_default()));
                    IdGen::AutoIncrement
                }
            }
        }
        Some(other) => {
            r.err(
                "workload.id",
                format!(
                    "must be \"auto_increment\" or {{\"template\": \"###-###\"}}, got {}",
                    short(other)
                ),
            );
            IdGen::AutoIncrement
        }
    };
    let table_size = r.uint(w, "workload", "table_size", 10_000, 1, 1 << 30) as u32;
    let rand_type = r.choice(
        w,
        "workload",
        "rand_type",
        RandType::Special,
        &[
            ("uniform", RandType::Uniform),
            ("gaussian", RandType::Gaussian),
            ("special", RandType::Special),
            ("pareto", RandType::Pareto),
        ],
    );
    let max_rows = r.uint(w, "workload", "max_rows", 0, 0, 10_000_000);
    WorkloadConfig {
        threads,
        query,
        id,
        table_size,
        rand_type,
        max_rows,
    }
}

fn default_columns() -> Vec<ColumnConfig> {
    let c = |name: &str, kind, length| ColumnConfig {
        name: name.into(),
        kind,
        length,
        nullable: false,
    };
    vec![
        c("id", ColumnKind::Int, 0),
        c("k", ColumnKind::Int, 0),
        c("c", ColumnKind::Char, 120),
        c("pad", ColumnKind::Char, 60),
    ]
}

/// Cross-field rules: key columns exist, keys fit the engine's key size, the id
/// generator matches the PK column type.
fn check_table(t: &TableConfig, w: &WorkloadConfig, errors: &mut Vec<ConfigError>) {
    let names: Vec<&str> = t.columns.iter().map(|c| c.name.as_str()).collect();
    for (i, c) in t.columns.iter().enumerate() {
        if names[..i].contains(&c.name.as_str()) {
            errors.push(ConfigError::new(
                format!("table.columns[{i}].name"),
                format!("duplicate column name {}", c.name),
            ));
        }
    }
    let find = |n: &str| t.columns.iter().find(|c| c.name == n);
    let key_bytes = |cols: &[String], path: &str, errors: &mut Vec<ConfigError>| -> usize {
        let mut total = 0;
        for (i, n) in cols.iter().enumerate() {
            match find(n) {
                None => errors.push(ConfigError::new(
                    format!("{path}[{i}]"),
                    format!("no column named {n}; columns: {}", names.join(", ")),
                )),
                Some(c) => {
                    total += match c.kind {
                        ColumnKind::Int => 4,
                        ColumnKind::Bigint => 8,
                        _ => c.length as usize,
                    }
                }
            }
        }
        total
    };
    let pk = key_bytes(&t.primary_key, "table.primary_key", errors);
    if pk > 26 {
        errors.push(ConfigError::new("table.primary_key", format!("the key is {pk} characters long; the engine keeps keys of at most 26 (e.g. VARCHAR(26))")));
    }
    for (i, ix) in t.indexes.iter().enumerate() {
        let path = format!("table.indexes[{i}].columns");
        if ix.columns.is_empty() {
            errors.push(ConfigError::new(
                path.clone(),
                "must name at least one column",
            ));
        }
        let b = key_bytes(&ix.columns, &path, errors);
        if b + pk > crate::storage::key::MAX_KEY_LEN {
            errors.push(ConfigError::new(
                path,
                format!(
                    "index key plus primary key is {} bytes; at most {} allowed",
                    b + pk,
                    crate::storage::key::MAX_KEY_LEN
                ),
            ));
        }
    }
    if let (Some(first), IdGen::AutoIncrement) =
        (t.primary_key.first().and_then(|n| find(n)), &w.id)
    {
        if !matches!(first.kind, ColumnKind::Int | ColumnKind::Bigint) {
            errors.push(ConfigError::new(
                "workload.id",
                format!(
                    "auto_increment needs an INT or BIGINT primary key; {} is {:?}",
                    first.name, first.kind
                )
                .to_lowercase(),
            ));
        }
    }
    if let (Some(first), IdGen::Template(tpl)) =
        (t.primary_key.first().and_then(|n| find(n)), &w.id)
    {
        if !matches!(first.kind, ColumnKind::Char | ColumnKind::Varchar)
            || (tpl.len() as u32) > first.length
        {
            errors.push(ConfigError::new(
                "workload.id.template",
                format!(
                    "a template id needs a CHAR/VARCHAR primary key at least {} characters long",
                    tpl.len()
                ),
            ));
        }
    }
    if w.query == QueryKind::PointSelect && t.prepare_rows == 0 {
        errors.push(ConfigError::new(
            "table.prepare_rows",
            "point_select needs rows to read: set prepare_rows ≥ 1",
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn script_like_text_is_rejected_and_cut_short() {
        let e = errs(r#"{"table":{"name":"<script>alert(1)</script>","prepare_rows":1}}"#);
        assert_eq!(e[0].path, "table.name");
        assert!(e[0].message.contains("letters, digits"));
    }
}
