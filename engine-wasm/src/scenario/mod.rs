//! Scenario: the versioned JSON description of one experiment (server, storage,
//! table, workload, run), its defaults, and validation into typed errors.

mod error;
mod knobs;
mod read_parts;
mod reader;
mod rules;
mod types;
mod validate;
#[cfg(test)]
mod validate_tests;

pub use error::{ConfigError, EngineError};
pub use knobs::{check_knob, KNOBS};
pub use types::*;
pub use validate::{parse_scenario, validate};
