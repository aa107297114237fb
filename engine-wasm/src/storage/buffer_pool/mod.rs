//! Buffer pool: frames, the LRU list with midpoint insertion, the free list and the
//! flush list, following InnoDB 5.7 `buf0lru.cc`, `buf0buf.ic` and `buf0flu.cc`.

mod config;
mod flush_list;
mod frame;
mod free;
mod invariants;
mod lru;
mod pool;
mod tail;
mod types;

#[cfg(test)]
mod tests_evict;
#[cfg(test)]
mod tests_lru;

pub use config::{
    old_ratio_from_pct, BufferPoolConfig, BUF_LRU_MIN_LEN, BUF_LRU_NON_OLD_MIN_LEN,
    BUF_LRU_OLD_MIN_LEN, BUF_LRU_OLD_RATIO_DIV, BUF_LRU_OLD_RATIO_MAX, BUF_LRU_OLD_RATIO_MIN,
    BUF_LRU_OLD_TOLERANCE, BUF_LRU_SEARCH_SCAN_THRESHOLD,
};
pub use frame::IoFix;
pub use pool::BufferPool;
pub use types::{Access, BpCounters, BpEvent, LruEntry, NoFreeBlock};
