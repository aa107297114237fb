//! Typed errors for scenario validation, knobs and engine state: each names the
//! JSON path of the bad field and says what is allowed.

use serde::Serialize;

/// One bad field: its JSON path (e.g. `workload.threads`) and a readable message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ConfigError {
    /// JSON path of the field, dot-separated, array items as `[i]`.
    pub path: String,
    /// What is wrong and what is allowed.
    pub message: String,
}

impl ConfigError {
    /// Builds an error for `path`.
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        ConfigError {
            path: path.into(),
            message: message.into(),
        }
    }
}

/// An engine error as it crosses the boundary: a code and every bad field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EngineError {
    /// `config` (scenario), `knob` (runtime knob), `state` (bad command) or `panic`.
    pub code: &'static str,
    /// The fields at fault (at least one).
    pub errors: Vec<ConfigError>,
}

impl EngineError {
    /// A scenario error list.
    pub fn config(errors: Vec<ConfigError>) -> Self {
        EngineError {
            code: "config",
            errors,
        }
    }

    /// A single runtime knob error.
    pub fn knob(name: &str, message: impl Into<String>) -> Self {
        EngineError {
            code: "knob",
            errors: vec![ConfigError::new(format!("knob.{name}"), message)],
        }
    }

    /// A command that does not fit the engine's state (e.g. unknown snapshot id).
    pub fn state(path: &str, message: impl Into<String>) -> Self {
        EngineError {
            code: "state",
            errors: vec![ConfigError::new(path, message)],
        }
    }

    /// The error as the JSON text a JS `Error.message` carries.
    #[inline(never)]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| {
            "{\"code\":\"state\",\"errors\":[{\"path\":\"\",\"message\":\"unserializable error\"}]}"
                .to_string()
        })
    }
}

impl EngineError {
    /// Just the bad fields, as a JSON array.
    #[inline(never)]
    pub fn errors_json(&self) -> String {
        serde_json::to_string(&self.errors).unwrap_or_else(|_| "[]".to_string())
    }
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, e) in self.errors.iter().enumerate() {
            if i > 0 {
                write!(f, "; ")?;
            }
            write!(f, "{}: {}", e.path, e.message)?;
        }
        Ok(())
    }
}

impl std::error::Error for EngineError {}
