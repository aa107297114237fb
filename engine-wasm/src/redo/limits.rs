//! Redo capacity and the ages at which flushing and checkpoints change gear, per
//! version (`log_calc_max_ages` up to 8.0.29; `log0files_capacity.cc` and
//! `log0constants.h` from 8.0.30).

use serde::Serialize;

pub use innodb_lab_scenario::bounds::{too_small, LOG_FILE_HDR_SIZE};
use innodb_lab_scenario::bounds::{
    LOG_CHECKPOINT_EXTRA_FREE as EXTRA_FREE, LOG_CHECKPOINT_FREE_PER_THREAD as FREE_PER_THREAD,
};

/// The thresholds of one log, in LSN bytes of checkpoint or modified age.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    /// Bytes of log the files hold (`log_group_get_capacity`, or the 8.0.30 capacity).
    pub file_capacity: u64,
    /// `log_get_capacity()`: capacity less 10% (5.x) / the soft logical capacity (8.0.30).
    pub capacity: u64,
    /// `max_modified_age_async` (5.x: 7/8 of m; 8.0.30: `adaptive_flush_min_age`).
    pub max_modified_age_async: u64,
    /// `max_modified_age_sync` (5.x: 15/16 of m; 8.0.30: `adaptive_flush_max_age`).
    pub max_modified_age_sync: u64,
    /// `max_checkpoint_age_async` (5.x: 31/32 of m; 8.0.30: `aggressive_checkpoint_min_age`).
    pub max_checkpoint_age_async: u64,
    /// `max_checkpoint_age` (5.x: m; 8.0.30: the soft capacity).
    pub max_checkpoint_age: u64,
    /// 8.0.30: `hard_logical_capacity` (0 before).
    pub hard_capacity: u64,
    /// 8.0.30: the concurrency margin (0 before).
    pub concurrency_margin: u64,
    /// 8.0.30: `limit_for_dirty_page_age` = min age − margin (0 before).
    pub limit_for_dirty_page_age: u64,
    /// 8.0.30: `limit_for_free_check` = soft − margin (0 before).
    pub limit_for_free_check: u64,
}

impl Limits {
    /// `log_calc_max_ages` (5.5 … 8.0.29) for `files` files of `file_size` bytes and
    /// `innodb_thread_concurrency` = `concurrency` (0 = unlimited):
    /// S = cap − cap/10; free = 4 pages·(10 + concurrency) + 8 pages;
    /// m = (S − free) − (S − free)/10; async = m − m/8; sync = m − m/16;
    /// checkpoint async = m − m/32; checkpoint max = m.
    pub fn classic(file_size: u64, files: u64, concurrency: u64) -> Limits {
        let cap = file_size.saturating_sub(LOG_FILE_HDR_SIZE) * files;
        let s = cap - cap / 10;
        let free = FREE_PER_THREAD * (10 + concurrency) + EXTRA_FREE;
        let left = s.saturating_sub(free);
        let m = left - left / 10;
        Limits {
            file_capacity: cap,
            capacity: s,
            max_modified_age_async: m - m / 8,
            max_modified_age_sync: m - m / 16,
            max_checkpoint_age_async: m - m / 32,
            max_checkpoint_age: m,
            ..Limits::default()
        }
    }

    /// 8.0.30+ for `innodb_redo_log_capacity` = `c` bytes (32 files):
    /// hard = C·30/32 − (31·2048 + 128 KiB) − 10% of C/32; soft = 0.95·hard;
    /// margin = 4 pages·(concurrency + 10) + 4 KiB + 5% of soft (≤ 55% of soft);
    /// adaptive_flush_min_age = soft − soft/8; adaptive_flush_max_age = 15/16·soft;
    /// aggressive_checkpoint_min_age = soft − soft/32.
    pub fn v8030(c: u64, concurrency: u64) -> Limits {
        let hard = (c * 30 / 32)
            .saturating_sub(31 * LOG_FILE_HDR_SIZE + 128 * 1024)
            .saturating_sub(c / 32 / 10);
        let soft = hard - hard / 20;
        let margin = (FREE_PER_THREAD * (concurrency + 10) + 4096 + soft / 20).min(soft * 55 / 100);
        let min_age = soft - soft / 8;
        let max_age = soft - soft / 16;
        Limits {
            file_capacity: c,
            capacity: soft,
            max_modified_age_async: min_age,
            max_modified_age_sync: max_age,
            max_checkpoint_age_async: soft - soft / 32,
            max_checkpoint_age: soft,
            hard_capacity: hard,
            concurrency_margin: margin,
            limit_for_dirty_page_age: min_age.saturating_sub(margin),
            limit_for_free_check: soft.saturating_sub(margin),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIB: u64 = 1024 * 1024;

    #[test]
    fn two_48_mib_files() {
        // The spec's worked example (innodb-mechanisms.md §3.2).
        let l = Limits::classic(48 * MIB, 2, 0);
        assert_eq!(l.max_checkpoint_age, 80_826_164);
        assert_eq!(l.max_modified_age_async, 70_722_894);
        assert_eq!(l.max_modified_age_sync, 75_774_529);
        assert_eq!(l.max_checkpoint_age_async, 80_826_164 - 80_826_164 / 32);
        assert_eq!(l.capacity, 90_593_280);
    }

    #[test]
    fn redo_log_capacity_100_mib() {
        let l = Limits::v8030(100 * MIB, 0);
        let mib = |x: u64| (x as f64 / MIB as f64 * 10.0).round() / 10.0;
        assert_eq!(mib(l.capacity), 88.6);
        assert_eq!(mib(l.max_modified_age_async), 77.5);
        assert_eq!(mib(l.max_modified_age_sync), 83.1);
        assert_eq!(mib(l.max_checkpoint_age_async), 85.8);
        assert_eq!(l.hard_capacity, 97_781_760);
        assert_eq!(l.capacity, 92_892_672);
        assert_eq!(l.concurrency_margin, 655_360 + 4096 + 92_892_672 / 20);
        assert_eq!(l.limit_for_free_check, l.capacity - l.concurrency_margin);
    }

    #[test]
    fn order_of_the_points() {
        for l in [Limits::classic(8 * MIB, 2, 0), Limits::v8030(16 * MIB, 0)] {
            assert!(l.max_modified_age_async < l.max_modified_age_sync);
            assert!(l.max_modified_age_sync < l.max_checkpoint_age_async);
            assert!(l.max_checkpoint_age_async < l.max_checkpoint_age);
            assert!(l.max_checkpoint_age <= l.capacity);
        }
        assert!(too_small(MIB));
        assert!(!too_small(2 * MIB));
    }
}
