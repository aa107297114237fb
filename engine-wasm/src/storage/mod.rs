//! Storage layer: record sizes, pages, the B+tree and the buffer pool.

pub mod key;
