//! Readers for the table and workload sections of a scenario.

use super::reader::{join, short, valid_ident, Reader};
use super::types::*;
use serde_json::Value;

pub(super) fn read_table(r: &mut Reader<'_>, v: Option<&Value>) -> TableConfig {
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
            "count",
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
    let count = r.uint(t, "table", "count", 1, 1, 64) as u32;
    if prepare_rows.saturating_mul(u64::from(count)) > 5_000_000 {
        r.err(
            "table.count",
            format!("{count} tables of {prepare_rows} rows: at most 5,000,000 rows in all"),
        );
    }
    TableConfig {
        name,
        charset,
        columns,
        primary_key,
        indexes,
        prepare_rows,
        count,
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

pub(super) fn read_workload(r: &mut Reader<'_>, v: Option<&Value>) -> WorkloadConfig {
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
            "point_selects",
            "oltp_point_selects",
            "oltp_index_updates",
            "rate_tps",
            "select_hint",
            "random_points",
            "k_values",
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
            ("read_write", QueryKind::ReadWrite),
            ("secondary_select", QueryKind::SecondarySelect),
            ("oltp_read_only", QueryKind::OltpReadOnly),
            ("oltp_lua", QueryKind::OltpLua),
            ("select_random_points", QueryKind::RandomPoints),
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
    let point_selects = r.uint(w, "workload", "point_selects", 10, 0, 100) as u32;
    for k in ["oltp_point_selects", "oltp_index_updates"] {
        let given = w.and_then(|m| m.get(k)).is_some_and(|v| !v.is_null());
        if given && query != QueryKind::OltpLua {
            r.err(
                &format!("workload.{k}"),
                "is a setting of sysbench 0.5 oltp.lua: it needs query = \"oltp_lua\"",
            );
        }
    }
    let lua = query == QueryKind::OltpLua;
    let (oltp_point_selects, oltp_index_updates) = if lua {
        (
            r.uint(w, "workload", "oltp_point_selects", 10, 1, 1000) as u32,
            r.uint(w, "workload", "oltp_index_updates", 0, 0, 1000) as u32,
        )
    } else {
        (0, 0)
    };
    let rate_tps = r.float(w, "workload", "rate_tps", 0.0, 0.0, 10_000_000.0);
    let select_hint = r.choice(
        w,
        "workload",
        "select_hint",
        SelectHint::None,
        &[
            ("none", SelectHint::None),
            ("sql_cache", SelectHint::SqlCache),
            ("sql_no_cache", SelectHint::SqlNoCache),
        ],
    );
    let given = |k: &str| w.and_then(|m| m.get(k)).is_some_and(|v| !v.is_null());
    let points = query == QueryKind::RandomPoints;
    if given("random_points") && !points {
        r.err(
            "workload.random_points",
            "is sysbench's --random-points: it needs query = \"select_random_points\"",
        );
    }
    let random_points = if points {
        r.uint(w, "workload", "random_points", 10, 1, 1000) as u32
    } else {
        0
    };
    let by_k = matches!(query, QueryKind::SecondarySelect | QueryKind::RandomPoints);
    if given("k_values") && !by_k {
        r.err(
            "workload.k_values",
            "chooses the k values of a secondary-key select: it needs query = \"secondary_select\" or \"select_random_points\"",
        );
    }
    let k_values = r.choice(
        w,
        "workload",
        "k_values",
        KValues::Random,
        &[("random", KValues::Random), ("existing", KValues::Existing)],
    );
    WorkloadConfig {
        threads,
        query,
        id,
        table_size,
        rand_type,
        max_rows,
        point_selects,
        oltp_point_selects,
        oltp_index_updates,
        rate_tps,
        select_hint,
        random_points,
        k_values: if by_k { k_values } else { KValues::Random },
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
