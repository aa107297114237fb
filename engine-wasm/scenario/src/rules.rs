//! Cross-field rules of a scenario (checked after every field parsed).

use super::error::ConfigError;
use super::types::*;

/// Cross-field rules: key columns exist, keys fit the engine's key size, the id
/// generator matches the PK column type.
pub(super) fn check_table(t: &TableConfig, w: &WorkloadConfig, errors: &mut Vec<ConfigError>) {
    // A record must fit half a page (REC_MAX_SIZE, 8125 bytes): the engine keeps no
    // off-page (externally stored) columns, so longer rows are refused here.
    let max_char = match t.charset {
        CharsetName::Latin1 => 1,
        CharsetName::Utf8mb4 => 4,
    };
    let row_bytes: u64 = t
        .columns
        .iter()
        .map(|c| match c.kind {
            ColumnKind::Int => 4,
            ColumnKind::Bigint => 8,
            ColumnKind::Char | ColumnKind::Varchar => u64::from(c.length) * max_char + 2,
        })
        .sum::<u64>()
        + 20;
    if row_bytes > 8125 {
        errors.push(ConfigError::new(
            "table.columns",
            format!("a row can take {row_bytes} bytes; the engine stores rows of at most 8125 bytes (half a page, no off-page columns)"),
        ));
    }
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
        if b + pk > crate::bounds::MAX_KEY_LEN {
            errors.push(ConfigError::new(
                path,
                format!(
                    "index key plus primary key is {} bytes; at most {} allowed",
                    b + pk,
                    crate::bounds::MAX_KEY_LEN
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
                .to_ascii_lowercase(),
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
    let q = match w.query {
        QueryKind::Insert => None,
        QueryKind::PointSelect => Some("point_select"),
        QueryKind::SecondarySelect => Some("secondary_select"),
        QueryKind::OltpReadOnly => Some("oltp_read_only"),
        QueryKind::ReadWrite => Some("read_write"),
        QueryKind::OltpLua => Some("oltp_lua"),
        QueryKind::RandomPoints => Some("select_random_points"),
    };
    if let Some(q) = q {
        if t.prepare_rows == 0 {
            errors.push(ConfigError::new(
                "table.prepare_rows",
                format!("{q} needs rows to read: set prepare_rows ≥ 1"),
            ));
        }
        if !matches!(w.id, IdGen::AutoIncrement) {
            errors.push(ConfigError::new(
                "workload.id",
                format!("{q} reads ids 1..rows: it needs an auto_increment primary key"),
            ));
        }
    }
    if let Some(q) = match w.query {
        QueryKind::SecondarySelect => Some("secondary_select reads WHERE k = ?"),
        QueryKind::RandomPoints => Some("select_random_points reads WHERE k IN (…)"),
        _ => None,
    } {
        let first_int = t
            .indexes
            .first()
            .and_then(|ix| ix.columns.first())
            .and_then(|n| find(n))
            .is_some_and(|c| c.kind == ColumnKind::Int);
        if !first_int {
            errors.push(ConfigError::new(
                "table.indexes",
                format!("{q} through the first secondary index: its first column must be an INT (like sysbench's k)"),
            ));
        }
    }
    if t.count > 1 && w.query == QueryKind::RandomPoints {
        errors.push(ConfigError::new(
            "table.count",
            "select_random_points reads sbtest1 only (sysbench refuses --tables > 1 for it): set count to 1",
        ));
    }
    if t.count > 1 && w.query == QueryKind::Insert {
        errors.push(ConfigError::new(
            "table.count",
            "several tables are supported for the select workloads (point_select, secondary_select, oltp_read_only, oltp_lua); inserts use one table",
        ));
    }
}

/// Cross-field rules of the server: io_capacity ≤ io_capacity_max, a log big enough
/// for `log_calc_max_ages` (its free margin must stay under half the capacity).
pub(super) fn check_server(s: &ServerConfig, errors: &mut Vec<ConfigError>) {
    if s.innodb_io_capacity > s.innodb_io_capacity_max {
        errors.push(ConfigError::new(
            "server.innodb_io_capacity_max",
            format!(
                "must be at least innodb_io_capacity ({}), got {}",
                s.innodb_io_capacity, s.innodb_io_capacity_max
            ),
        ));
    }
    let cap = (s.innodb_log_file_size_mb as u64 * 1024 * 1024)
        .saturating_sub(crate::bounds::LOG_FILE_HDR_SIZE)
        * s.innodb_log_files_in_group as u64;
    if !s.flushing.redo_log_capacity() && crate::bounds::too_small(cap) {
        errors.push(ConfigError::new(
            "server.innodb_log_file_size_mb",
            "the log files are too small: innodb_log_file_size_mb × innodb_log_files_in_group must be at least 2 MiB",
        ));
    }
}
