//! What every flushing policy reads (knobs, the flushing thread's view of one
//! iteration), what it decides, and the rules the policies share.

use crate::redo::policy::FlushPolicy;
use crate::sim::{Nanos, SEC};
use serde::Serialize;

/// The knobs the algorithms read.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FlushKnobs {
    /// `innodb_io_capacity`.
    pub io_capacity: u64,
    /// `innodb_io_capacity_max`.
    pub io_capacity_max: u64,
    /// `innodb_adaptive_flushing`.
    pub adaptive_flushing: bool,
    /// `innodb_adaptive_flushing_lwm` (% of the log capacity).
    pub adaptive_flushing_lwm: u64,
    /// `innodb_max_dirty_pages_pct`.
    pub max_dirty_pages_pct: u64,
    /// `innodb_max_dirty_pages_pct_lwm`.
    pub max_dirty_pages_pct_lwm: u64,
    /// `innodb_flushing_avg_loops`.
    pub flushing_avg_loops: u64,
}

/// What the flushing thread sees at one iteration.
#[derive(Clone, Copy, Debug, Default)]
pub struct Inputs {
    /// Virtual now.
    pub now: Nanos,
    /// Current LSN.
    pub lsn: u64,
    /// Oldest modification on the flush list (0 = nothing dirty).
    pub oldest: u64,
    /// Pages on the flush list.
    pub n_dirty: u64,
    /// LRU + free list lengths (`buf_get_modified_ratio_pct`'s denominator − 1).
    pub pool_pages: u64,
    /// Sum of the flush list's oldest_modification values (for the average age).
    pub sum_oldest: u128,
    /// Pages the previous iteration flushed.
    pub last_pages: u64,
    /// Pages flushed from the LRU list so far (`buf_lru_flush_page_count`).
    pub lru_flushed_total: u64,
}

/// An iteration's decision and the monitor values it sets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Recommendation {
    /// Pages to flush (`buffer_flush_n_to_flush_requested`).
    pub n_pages: u64,
    /// Flush only pages with oldest_modification below this (u64::MAX = no limit).
    pub lsn_limit: u64,
    /// `buffer_flush_pct_for_dirty`.
    pub pct_for_dirty: u64,
    /// `buffer_flush_pct_for_lsn`.
    pub pct_for_lsn: u64,
    /// `buffer_flush_avg_page_rate`.
    pub avg_page_rate: u64,
    /// `buffer_flush_lsn_avg_rate` (LSN bytes per second).
    pub lsn_avg_rate: u64,
    /// `buffer_flush_n_to_flush_by_age` (5.7+).
    pub n_by_age: u64,
}

/// `PCT_IO(p)`: p% of `innodb_io_capacity`.
pub fn pct_io(k: &FlushKnobs, pct: u64) -> u64 {
    (k.io_capacity as f64 * (pct as f64 / 100.0)) as u64
}

/// `buf_get_modified_ratio_pct`: dirty·100 / (1 + LRU + free).
pub fn dirty_pct(i: &Inputs) -> u64 {
    i.n_dirty * 100 / (1 + i.pool_pages)
}

/// `af_get_pct_for_dirty` (5.6 uses >, 5.7/8.0 ≥): with `max_dirty_pages_pct_lwm` = 0,
/// 100% once dirty% passes `max_dirty_pages_pct`; else dirty%·100/(max + 1) once it
/// passes the lwm.
pub fn pct_for_dirty(i: &Inputs, k: &FlushKnobs, inclusive: bool) -> u64 {
    let d = dirty_pct(i);
    if d == 0 {
        return 0;
    }
    let over = |x: u64| if inclusive { d >= x } else { d > x };
    if k.max_dirty_pages_pct_lwm == 0 {
        if over(k.max_dirty_pages_pct) {
            return 100;
        }
    } else if over(k.max_dirty_pages_pct_lwm) {
        return d * 100 / (k.max_dirty_pages_pct + 1);
    }
    0
}

/// `af_get_pct_for_lsn`: 0 below `adaptive_flushing_lwm`% of `lwm_base`, or below
/// `age_base` with adaptive flushing off; else, with f = age·100/`age_base`,
/// (io_max/io_cap) · f·√f / 7.5. 5.6/5.7: both bases are `log_get_capacity()` and
/// `max_modified_age_async`; 8.0.30: `limit_for_free_check` and `limit_for_dirty_page_age`.
pub fn pct_for_lsn(age: u64, k: &FlushKnobs, lwm_base: u64, age_base: u64) -> u64 {
    let af_lwm = k.adaptive_flushing_lwm * lwm_base / 100;
    if age < af_lwm || age_base == 0 {
        return 0;
    }
    if age < age_base && !k.adaptive_flushing {
        return 0;
    }
    let f = age * 100 / age_base;
    let ratio = (k.io_capacity_max / k.io_capacity.max(1)) as f64;
    (ratio * (f as f64 * libm::sqrt(f as f64)) / 7.5) as u64
}

/// The flushing thread's iteration period for a policy.
pub fn period(p: FlushPolicy) -> Nanos {
    if p == FlushPolicy::PerconaKeepAverage {
        SEC / 10
    } else {
        SEC
    }
}
