//! Limits a scenario is checked against that the engine also builds on. They live
//! here, in the scenario crate at the bottom of the dependency graph, and the engine
//! modules that own the mechanism re-export them (`storage::key`, `redo::limits`,
//! `query_cache`), so each value is written once.

/// `UNIV_PAGE_SIZE`.
pub const UNIV_PAGE_SIZE: u64 = 16384;

/// Longest key the engine stores (bytes). Enough for a VARCHAR(26) PK plus an INT.
pub const MAX_KEY_LEN: usize = 30;

/// `LOG_FILE_HDR_SIZE`: 4 blocks at the start of every log file.
pub const LOG_FILE_HDR_SIZE: u64 = 2048;
/// `LOG_CHECKPOINT_FREE_PER_THREAD`: 4 pages.
pub const LOG_CHECKPOINT_FREE_PER_THREAD: u64 = 4 * UNIV_PAGE_SIZE;
/// `LOG_CHECKPOINT_EXTRA_FREE`: 8 pages.
pub const LOG_CHECKPOINT_EXTRA_FREE: u64 = 8 * UNIV_PAGE_SIZE;

/// Why a log is too small (`log_calc_max_ages`): its capacity is under twice the free
/// margin of 10 threads plus the extra margin.
pub fn too_small(file_capacity: u64) -> bool {
    file_capacity < 2 * (LOG_CHECKPOINT_FREE_PER_THREAD * 10 + LOG_CHECKPOINT_EXTRA_FREE) + 1
}

/// Largest `query_cache_size` a scenario may ask for (16 GiB, the article's top).
pub const MAX_QUERY_CACHE_SIZE: u64 = 16 << 30;
