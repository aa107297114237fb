//! `innodb-sim`: runs a scenario headless and prints its summary and metric series
//! (`run <scenario.json> [--json|--csv] [--until SECONDS]`); `sweep` runs it once per
//! value of one setting; `trees` times an insert load's B+tree work alone.

use innodb_lab::metrics::series::COLUMNS;
use innodb_lab::sim::SEC;
use innodb_lab::sim_handle::SimHandle;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

/// `println!` that ends the command quietly (`Ok`) when the reader has gone, as
/// `innodb-sim run s.json | head -3` does, instead of panicking on the broken pipe;
/// any other write error is returned as the command's error.
macro_rules! outln {
    ($($arg:tt)*) => {
        if let Err(e) = writeln!(std::io::stdout().lock(), $($arg)*) {
            return if e.kind() == std::io::ErrorKind::BrokenPipe {
                Ok(())
            } else {
                Err(format!("cannot write the output: {e}"))
            };
        }
    };
}

// One line per string: a `\` line continuation would also swallow the indentation.
const USAGE: &str = concat!(
    "usage: innodb-sim run <scenario.json> [--json | --csv] [--until SECONDS]\n",
    "  --json   print {summary, columns, series, wallSeconds} as JSON\n",
    "  --csv    print the metric series as CSV\n",
    "  (default) print a short human summary\n",
    "       innodb-sim sweep <scenario.json> --param PATH --values A,B,... [--json] [--until SECONDS]\n",
    "  one run per value of the setting at PATH; prints a row of rates per value\n",
    "       innodb-sim trees <scenario.json> [--json]\n",
    "  an insert load's rows (workload.max_rows) straight into its B+trees (no server,\n",
    "  no buffer pool, no clock), then the same keys into std BTreeMaps; prints both times",
);

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("{msg}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    if args.first().map(String::as_str) == Some("sweep") && args.len() >= 2 {
        return sweep(args);
    }
    if args.first().map(String::as_str) == Some("trees") && args.len() >= 2 {
        return trees(args);
    }
    if args.first().map(String::as_str) != Some("run") || args.len() < 2 {
        return Err(USAGE.to_string());
    }
    let path = &args[1];
    let mut format = "text";
    let mut until: Option<f64> = None;
    let mut i = 2;
    while i < args.len() {
        match args[i].as_str() {
            "--json" => format = "json",
            "--csv" => format = "csv",
            "--until" => {
                i += 1;
                let v = args
                    .get(i)
                    .and_then(|s| s.parse::<f64>().ok())
                    .filter(|v| *v > 0.0);
                until = Some(v.ok_or("--until needs a positive number of seconds")?);
            }
            other => return Err(format!("unknown argument {other}\n{USAGE}")),
        }
        i += 1;
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let t0 = Instant::now();
    let mut h = SimHandle::new(&text).map_err(|e| format!("{path}: invalid scenario: {e}"))?;
    let build = t0.elapsed().as_secs_f64();
    let end = until
        .map(|s| (s * SEC as f64) as u64)
        .unwrap_or(h.engine.end_time());
    let t1 = Instant::now();
    // Run in slices; a workload that runs out stops the run at that instant.
    while h.engine.now < end && !h.engine.done() {
        let next = (h.engine.now + SEC / 10).min(end);
        h.engine.run_until_finish(next);
    }
    let wall = t1.elapsed().as_secs_f64();
    let summary = h.engine.summary();
    let series = h.engine.series.since(0);
    match format {
        "json" => {
            let rows: Vec<&[f64]> = series.chunks(COLUMNS.len()).collect();
            let out = serde_json::json!({
                "summary": summary,
                "columns": COLUMNS,
                "series": rows,
                "wallSeconds": wall,
                "buildSeconds": build,
            });
            outln!(
                "{}",
                serde_json::to_string(&out).map_err(|e| e.to_string())?
            );
        }
        "csv" => {
            outln!("{}", COLUMNS.join(","));
            for row in series.chunks(COLUMNS.len()) {
                let cells: Vec<String> = row.iter().map(|v| format!("{v}")).collect();
                outln!("{}", cells.join(","));
            }
        }
        _ => {
            outln!(
                "{path}: {:.3} s simulated in {wall:.3} s wall (+{build:.3} s setup), done: {}",
                summary.time_ns as f64 / SEC as f64,
                summary.done
            );
            for t in &summary.tables {
                outln!(
                    "{}: {} rows, data {} B ({:.1} B/row), index {} B ({:.1} B/row)",
                    t.table,
                    t.rows,
                    t.data_length,
                    t.data_per_row,
                    t.index_length,
                    t.index_per_row
                );
            }
            for ix in &summary.indexes {
                outln!(
                    "  {:<12} height {} leaves {} fill {:.3} splits to_right/to_left/middle {}/{}/{}",
                    ix.name,
                    ix.height,
                    ix.leaf_pages,
                    ix.avg_leaf_fill,
                    ix.splits.to_right,
                    ix.splits.to_left,
                    ix.splits.middle
                );
            }
            let l = &summary.latency;
            outln!(
                "latency µs: mean {:.1} p50 {:.1} p95 {:.1} p99 {:.1} (n = {})",
                l.mean_us,
                l.p50_us,
                l.p95_us,
                l.p99_us,
                l.count
            );
            for (name, value) in summary.counters.iter() {
                outln!("  {name:<44} {value}");
            }
        }
    }
    Ok(())
}

/// `sweep <scenario> --param <path> --values a,b,c [--json] [--until S]`.
fn sweep(args: &[String]) -> Result<(), String> {
    let path = &args[1];
    let (mut param, mut values, mut json, mut until) = (None, None, false, None);
    let mut i = 2;
    while i < args.len() {
        match args[i].as_str() {
            "--param" => {
                i += 1;
                param = args.get(i).cloned();
            }
            "--values" => {
                i += 1;
                values = args.get(i).cloned();
            }
            "--json" => json = true,
            "--until" => {
                i += 1;
                let v = args
                    .get(i)
                    .and_then(|s| s.parse::<f64>().ok())
                    .filter(|v| *v > 0.0);
                until = Some(
                    (v.ok_or("--until needs a positive number of seconds")? * SEC as f64) as u64,
                );
            }
            other => return Err(format!("unknown argument {other}\n{USAGE}")),
        }
        i += 1;
    }
    let param = param.ok_or(format!("--param is required\n{USAGE}"))?;
    let values = values.ok_or(format!("--values is required\n{USAGE}"))?;
    // Each value as JSON if it parses (numbers, "strings", true), else as a string.
    let vals: Vec<serde_json::Value> = values
        .split(',')
        .map(|v| {
            serde_json::from_str(v.trim())
                .unwrap_or(serde_json::Value::String(v.trim().to_string()))
        })
        .collect();
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let scenarios = innodb_lab::sweep::sweep_scenarios(&text, &param, &vals)
        .map_err(|e| format!("{path}: {e}"))?;
    let mut rows = Vec::new();
    if !json {
        outln!(
            "{:>14} {:>12} {:>12} {:>8} {:>10} {:>10} {:>10} {:>10} {:>8} {:>7}",
            param.rsplit('.').next().unwrap_or(&param),
            "SELECT/s",
            "QPS",
            "hit%",
            "in_cache",
            "inserts",
            "prunes",
            "free_mem",
            "free_blk",
            "wall_s"
        );
    }
    for (v, s) in vals.iter().zip(&scenarios) {
        let t0 = Instant::now();
        let row = innodb_lab::sweep::run_row(s, until).map_err(|e| format!("{path}: {e}"))?;
        let wall = t0.elapsed().as_secs_f64();
        if json {
            rows.push(serde_json::json!({"value": v, "row": row, "wallSeconds": wall}));
        } else {
            outln!(
                "{:>14} {:>12.0} {:>12.0} {:>8.1} {:>10} {:>10} {:>10} {:>10} {:>8} {:>7.2}",
                v.to_string().trim_matches('"'),
                row.selects_per_s,
                row.qps,
                100.0 * row.hit_rate,
                row.queries_in_cache,
                row.inserts,
                row.lowmem_prunes,
                row.free_memory,
                row.free_blocks,
                wall
            );
        }
    }
    if json {
        outln!(
            "{}",
            serde_json::to_string(&rows).map_err(|e| e.to_string())?
        );
    }
    Ok(())
}

/// `trees <scenario> [--json]`: the B+tree work of an insert load without the server
/// (innodb_lab::bench::tree_load), then a std BTreeMap per index on the same keys.
fn trees(args: &[String]) -> Result<(), String> {
    let path = &args[1];
    let json = match args.get(2).map(String::as_str) {
        None => false,
        Some("--json") if args.len() == 3 => true,
        Some(other) => return Err(format!("unknown argument {other}\n{USAGE}")),
    };
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut load = innodb_lab::bench::tree_load::TreeLoad::from_scenario(&text)
        .map_err(|e| format!("{path}: {e}"))?;
    let t0 = Instant::now();
    let rows = load.insert_trees();
    let tree_s = t0.elapsed().as_secs_f64();
    let t1 = Instant::now();
    let maps = load.insert_maps();
    let map_s = t1.elapsed().as_secs_f64();
    let map_rows = maps.first().map_or(0, |m| m.len());
    drop(maps);
    if json {
        let out = serde_json::json!({
            "rows": rows, "indexes": load.indexes(), "pages": load.pages(),
            "treeSeconds": tree_s, "mapRows": map_rows, "mapSeconds": map_s,
        });
        outln!(
            "{}",
            serde_json::to_string(&out).map_err(|e| e.to_string())?
        );
    } else {
        outln!(
            "{path}: {rows} rows into {} B+trees ({} pages) in {tree_s:.3} s ({:.0} rows/s); \
             std BTreeMap: {map_rows} rows in {map_s:.3} s ({:.0} rows/s)",
            load.indexes(),
            load.pages(),
            rows as f64 / tree_s,
            map_rows as f64 / map_s
        );
    }
    Ok(())
}
