//! Sweep planning: one scenario with one field (dot-separated path) set to each of
//! a list of values, each validated. The engine runs the rows (`innodb_lab::sweep`).

use crate::reader::given;
use crate::{parse_scenario, ConfigError, EngineError};
use serde_json::Value;

/// Most values in one sweep.
pub const MAX_SWEEP_VALUES: usize = 64;

/// `scenario` with `path` (dot-separated, e.g. `server.query_cache_size`) set to
/// each of `values`, each validated; the error names the path and the value.
#[inline(never)]
pub fn sweep_scenarios(
    scenario: &str,
    path: &str,
    values: &[Value],
) -> Result<Vec<String>, EngineError> {
    let bad = |msg: String| EngineError::config(vec![ConfigError::new(path, msg)]);
    if values.is_empty() || values.len() > MAX_SWEEP_VALUES {
        return Err(bad(format!(
            "a sweep needs 1 to {MAX_SWEEP_VALUES} values, got {}",
            values.len()
        )));
    }
    let base: Value = serde_json::from_str(scenario).map_err(|e| {
        EngineError::config(vec![ConfigError::new("", format!("not valid JSON: {e}"))])
    })?;
    let keys: Vec<&str> = path.split('.').collect();
    if keys.iter().any(|k| k.is_empty()) {
        return Err(bad(
            "must be a dot-separated field path such as server.query_cache_size".into(),
        ));
    }
    let mut out = Vec::with_capacity(values.len());
    for v in values {
        let mut doc = base.clone();
        let mut o = &mut doc;
        for k in &keys[..keys.len() - 1] {
            let Some(m) = o.as_object_mut() else {
                return Err(bad("goes through a field that is not an object".into()));
            };
            o = m
                .entry(k.to_string())
                .or_insert_with(|| Value::Object(Default::default()));
        }
        match o.as_object_mut() {
            Some(m) => {
                m.insert(keys[keys.len() - 1].to_string(), v.clone());
            }
            None => return Err(bad("goes through a field that is not an object".into())),
        }
        let text = doc.to_string();
        parse_scenario(&text)?;
        out.push(text);
    }
    Ok(out)
}

/// [`sweep_scenarios`] for the JS boundary: `values_json` is a JSON array of values;
/// the result is a JSON array of scenario texts.
#[inline(never)]
pub fn sweep_scenarios_json(
    scenario: &str,
    path: &str,
    values_json: &str,
) -> Result<String, EngineError> {
    // Parsed as a Value, not a Vec<Value>: serde's typed "invalid type" error would
    // link core's float formatting (issue #2).
    let bad = |why: String| {
        EngineError::config(vec![ConfigError::new(
            "values",
            format!("must be a JSON array of values: {why}"),
        )])
    };
    let values = match serde_json::from_str::<Value>(values_json) {
        Ok(Value::Array(values)) => values,
        Ok(other) => return Err(bad(format!("got {}", given(&other)))),
        Err(e) => return Err(bad(e.to_string())),
    };
    let v = sweep_scenarios(scenario, path, &values)?;
    Ok(serde_json::to_string(&v).unwrap_or_default())
}
