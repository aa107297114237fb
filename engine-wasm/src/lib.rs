//! InnoDB Lab engine: a deterministic, virtual-time simulation of InnoDB internals.
//!
//! Layers: `sim` (kernel) -> `storage` (records, pages, B+tree, buffer pool) ->
//! `workload` + `server` (sysbench-like sessions) -> `metrics`/`trace`. The JS
//! boundary is the `innodb-lab-api` crate (`api/`), the wasm module `wasm/`.

pub mod ahi;
pub mod bench;
pub mod frames;
pub mod metrics;
pub mod query_cache;
/// Scenario parsing and validation: the `innodb-lab-scenario` crate (`scenario/`),
/// kept apart so it can be optimized for size (see Cargo.toml).
pub use innodb_lab_scenario as scenario;
pub mod redo;
pub mod server;
pub mod sim;
pub mod sim_handle;
pub mod storage;
pub mod sweep;
pub mod trace;
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
mod wasm_alloc;
pub mod workload;
