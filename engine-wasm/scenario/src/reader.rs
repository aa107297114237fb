//! A JSON walker for scenario parsing: reads fields with defaults and collects
//! every error with its path and what is allowed.

use super::error::ConfigError;
use crate::numfmt::Num;
use serde_json::{Map, Value};

/// Walks a JSON object, reading fields with defaults and recording errors.
pub(super) struct Reader<'a> {
    pub(super) errors: &'a mut Vec<ConfigError>,
}

impl Reader<'_> {
    pub(super) fn err(&mut self, path: &str, msg: impl Into<String>) {
        self.errors.push(ConfigError::new(path, msg));
    }

    /// The object at `path` (or an empty one when absent); rejects unknown keys.
    pub(super) fn object<'v>(
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
                self.err(path, format!("must be an object, got {}", given(other)));
                None
            }
        }
    }

    pub(super) fn uint(
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
                    self.err(&p, format!("{}, got {n}", int_range(min, max)));
                    default
                }
            },
            Some(other) => {
                self.err(&p, format!("{}, got {}", int_range(min, max), given(other)));
                default
            }
        }
    }

    pub(super) fn float(
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
                    let (min, max) = (Num(min), Num(max));
                    self.err(&p, format!("must be a number from {min} to {max}, got {n}"));
                    default
                }
            },
            Some(other) => {
                self.err(
                    &p,
                    format!(
                        "must be a number from {} to {}, got {}",
                        Num(min),
                        Num(max),
                        given(other)
                    ),
                );
                default
            }
        }
    }

    pub(super) fn bool(
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
                    format!("must be true or false, got {}", given(other)),
                );
                default
            }
        }
    }

    pub(super) fn name(
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

    pub(super) fn choice<T: Copy>(
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
                    format!("must be one of {}, got {}", names.join(", "), given(other)),
                );
                default
            }
        }
    }
}

pub(super) fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// A value of the wrong type, for a message: a list or an object by its kind, anything
/// else as given, a string named as one ("15" in quotes reads as the number it is not).
pub(crate) fn given(v: &Value) -> String {
    match v {
        Value::Array(_) => "an array".into(),
        Value::Object(_) => "an object".into(),
        Value::String(_) => format!("the string {}", short(v)),
        _ => short(v),
    }
}

/// A value shown in a message, cut short so a huge input cannot flood the UI.
pub(super) fn short(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 40 {
        format!("{}…", s.chars().take(40).collect::<String>())
    } else {
        s
    }
}

pub(super) fn valid_ident(s: &str) -> bool {
    !s.is_empty() && s.len() <= 64 && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// What an integer field allows: "must be an integer from 1 to 256", or "must be 1"
/// where only one value is allowed (the scenario `version`).
fn int_range(min: u64, max: u64) -> String {
    if min == max {
        format!("must be {min}")
    } else {
        format!("must be an integer from {min} to {max}")
    }
}
