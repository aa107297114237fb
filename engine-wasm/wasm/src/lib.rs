//! The WebAssembly module: the engine (`innodb_lab`, opt-level 3) and its JS boundary
//! (`innodb_lab_api`, opt-level "z"), linked here. This crate is the one whose
//! opt-level (3) the link-time optimization of the whole module runs at, so it holds
//! no code of its own (issue #2, see Cargo.toml).

pub use innodb_lab_api::*;
