//! Buffer pool parameters (`innodb_buffer_pool_size` as frames, `innodb_old_blocks_pct`,
//! `innodb_old_blocks_time`, `innodb_lru_scan_depth`) and InnoDB's LRU constants.

use crate::sim::{Nanos, MS};
use serde::{Deserialize, Serialize};

/// The LRU list needs this many pages before an old sublist exists (`BUF_LRU_OLD_MIN_LEN`).
pub const BUF_LRU_OLD_MIN_LEN: u32 = 512;
/// How far the old sublist may drift from its target before `LRU_old` moves
/// (`BUF_LRU_OLD_TOLERANCE`).
pub const BUF_LRU_OLD_TOLERANCE: u32 = 20;
/// Young pages the target old length always leaves (`BUF_LRU_NON_OLD_MIN_LEN`).
pub const BUF_LRU_NON_OLD_MIN_LEN: u32 = 5;
/// Denominator of the old-sublist ratio (`BUF_LRU_OLD_RATIO_DIV`).
pub const BUF_LRU_OLD_RATIO_DIV: u32 = 1024;
/// Smallest allowed ratio (`BUF_LRU_OLD_RATIO_MIN`).
pub const BUF_LRU_OLD_RATIO_MIN: u32 = 51;
/// Largest allowed ratio (`BUF_LRU_OLD_RATIO_MAX`).
pub const BUF_LRU_OLD_RATIO_MAX: u32 = BUF_LRU_OLD_RATIO_DIV;
/// Tail pages a user thread scans for a clean victim (`BUF_LRU_SEARCH_SCAN_THRESHOLD`).
pub const BUF_LRU_SEARCH_SCAN_THRESHOLD: u32 = 100;
/// The page cleaner's LRU batch stops once the LRU list is this short (`BUF_LRU_MIN_LEN`).
pub const BUF_LRU_MIN_LEN: u32 = 256;

/// Buffer pool parameters, named after the MySQL system variables they model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BufferPoolConfig {
    /// Frames (16 KiB pages) in the pool: `innodb_buffer_pool_size / UNIV_PAGE_SIZE`.
    pub n_frames: u32,
    /// `innodb_old_blocks_pct` (5..=95, default 37); out-of-range values are clamped.
    pub old_blocks_pct: u32,
    /// `innodb_old_blocks_time` in virtual nanoseconds (default 1000 ms).
    pub old_blocks_time_ns: Nanos,
    /// `innodb_lru_scan_depth` (default 1024).
    pub lru_scan_depth: u32,
}

impl Default for BufferPoolConfig {
    fn default() -> Self {
        BufferPoolConfig {
            n_frames: 8192, // 128 MiB, MySQL's default pool size
            old_blocks_pct: 37,
            old_blocks_time_ns: 1000 * MS,
            lru_scan_depth: 1024,
        }
    }
}

/// `innodb_old_blocks_pct` as InnoDB's `LRU_old_ratio` (37 -> 378 of 1024).
// models buf_LRU_old_ratio_update_instance(), with the sysvar's 5..=95 range
pub fn old_ratio_from_pct(old_blocks_pct: u32) -> u32 {
    let pct = old_blocks_pct.clamp(5, 95);
    (pct * BUF_LRU_OLD_RATIO_DIV / 100).clamp(BUF_LRU_OLD_RATIO_MIN, BUF_LRU_OLD_RATIO_MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_pct_gives_ratio_378() {
        assert_eq!(old_ratio_from_pct(37), 378);
        assert_eq!(old_ratio_from_pct(0), 51); // clamped to 5% -> 51
        assert_eq!(old_ratio_from_pct(100), 972); // clamped to 95%
    }
}
