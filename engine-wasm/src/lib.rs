//! InnoDB Lab engine: a deterministic, virtual-time simulation of InnoDB internals.
//!
//! Layers: `sim` (kernel) -> `storage` (records, pages, B+tree, buffer pool) ->
//! `workload` + `server` (sysbench-like sessions) -> `metrics`/`trace` -> `api` (wasm).

pub mod sim;
pub mod storage;
pub mod scenario;
pub mod workload;
pub mod metrics;
pub mod trace;
