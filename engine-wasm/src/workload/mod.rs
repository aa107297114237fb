//! sysbench-like load: random distributions and row generators.

pub mod rand;
