//! Scenario: the versioned JSON description of one experiment (server, storage,
//! table, workload, run), its defaults, and validation into typed errors.
//!
//! Its own crate (re-exported by the engine as `innodb_lab::scenario`) because it
//! runs only at the boundary, never in the simulation loop: the release profile
//! compiles it for size while the engine stays at opt-level 3 (issue #2, Cargo.toml).
//! It depends on nothing in the engine; the few values both share (`bounds`, the
//! flushing `policy`) live here and the engine re-exports them. Its entry points are
//! #[inline(never)]: link-time inlining into an engine caller would compile their
//! bodies again at the caller's opt-level 3.

pub mod bounds;
mod error;
mod json_text;
mod knobs;
pub mod numfmt;
pub mod policy;
mod read_parts;
mod reader;
mod rules;
pub mod sweep;
mod types;
mod validate;
#[cfg(test)]
mod validate_tests;

pub use error::{ConfigError, EngineError};
pub use knobs::{check_knob, KNOBS};
pub use types::*;
pub use validate::{default_scenario_json, parse_scenario, validate};
