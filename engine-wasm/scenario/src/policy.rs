//! Who flushes dirty pages, and by which rule: one policy per server generation
//! (`server.flushing` in a scenario; runtime knob code = position in [`POLICIES`]).

use serde::Serialize;

/// A flushing policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum FlushPolicy {
    /// 5.5: the master thread flushes each second (`innodb_max_dirty_pages_pct`, then
    /// `buf_flush_get_desired_flush_rate`) and every 10 s; user threads preflush
    /// themselves past the async point and wait past the sync point.
    #[serde(rename = "5.5")]
    V55,
    /// 5.6 before the labs release ("5.6-native"): a 1 Hz page cleaner running the 5.5
    /// rules; user threads flush themselves and wait past the sync point.
    #[serde(rename = "5.6")]
    V56,
    /// 5.6-labs / 5.6 GA (`page_cleaner_flush_pages_if_needed`): pct for dirty and for
    /// lsn, `innodb_io_capacity_max`, averages over `innodb_flushing_avg_loops`, the
    /// batch limited by the average LSN rate.
    #[serde(rename = "5.6-labs")]
    V56Labs,
    /// 5.7 (`page_cleaner_flush_pages_recommendation`): three-term average; past the
    /// sync point the page cleaner flushes without limit (`innodb_flush_sync`) while
    /// user threads wait.
    #[serde(rename = "5.7")]
    V57,
    /// 8.0.30+ (`Adaptive_flush::page_recommendation`, `log_checkpointer`): sync flush
    /// when lsn + margin − oldest passes `adaptive_flush_max_age`; user threads only
    /// wait for free space (`log_free_check`).
    #[serde(rename = "8.0.30")]
    V8030,
    /// Percona Server 5.5 `innodb_adaptive_flushing_method = estimate`, from Percona's
    /// documentation: past 1/4 of the maximum age, flush each second a number set by the
    /// dirty pages, the LSN progress and the pages' average age, ignoring io_capacity.
    #[serde(rename = "percona-5.5-estimate")]
    PerconaEstimate,
    /// Percona Server 5.5 `innodb_adaptive_flushing_method = keep_average`, from
    /// Percona's documentation: a 0.1 s loop that keeps the flush rate even.
    #[serde(rename = "percona-5.5-keep_average")]
    PerconaKeepAverage,
}

/// Scenario names, in knob-code order.
pub const POLICIES: &[(&str, FlushPolicy)] = &[
    ("5.5", FlushPolicy::V55),
    ("5.6", FlushPolicy::V56),
    ("5.6-labs", FlushPolicy::V56Labs),
    ("5.7", FlushPolicy::V57),
    ("8.0.30", FlushPolicy::V8030),
    ("percona-5.5-estimate", FlushPolicy::PerconaEstimate),
    ("percona-5.5-keep_average", FlushPolicy::PerconaKeepAverage),
];

impl FlushPolicy {
    /// The policy with runtime knob code `code`.
    #[inline]
    pub fn from_code(code: u32) -> Option<FlushPolicy> {
        POLICIES.get(code as usize).map(|p| p.1)
    }

    /// Its runtime knob code.
    #[inline]
    pub fn code(self) -> u32 {
        POLICIES.iter().position(|p| p.1 == self).unwrap_or(0) as u32
    }

    /// Its scenario name.
    #[inline]
    pub fn name(self) -> &'static str {
        POLICIES[self.code() as usize].0
    }

    /// The master thread does the flushing (5.5 and Percona 5.5); else a page cleaner.
    #[inline]
    pub fn master_thread(self) -> bool {
        matches!(
            self,
            FlushPolicy::V55 | FlushPolicy::PerconaEstimate | FlushPolicy::PerconaKeepAverage
        )
    }

    /// The redo log is sized by `innodb_redo_log_capacity` (8.0.30+).
    #[inline]
    pub fn redo_log_capacity(self) -> bool {
        self == FlushPolicy::V8030
    }

    /// Default `innodb_max_dirty_pages_pct` (75 through 5.7, 90 in 8.0).
    #[inline]
    pub fn default_max_dirty_pages_pct(self) -> u32 {
        if self == FlushPolicy::V8030 {
            90
        } else {
            75
        }
    }

    /// Default `innodb_max_dirty_pages_pct_lwm` (0 in 5.6/5.7, 10 in 8.0).
    #[inline]
    pub fn default_max_dirty_pages_pct_lwm(self) -> u32 {
        if self == FlushPolicy::V8030 {
            10
        } else {
            0
        }
    }

    /// Default `innodb_log_file_size` in MiB (5 in 5.5, 48 from 5.6).
    #[inline]
    pub fn default_log_file_size_mb(self) -> u32 {
        if self.master_thread() {
            5
        } else {
            48
        }
    }

    /// Seconds between the master thread's / checkpointer's periodic checkpoints:
    /// 5.5 every 10 s (the 10-second loop), 5.6/5.7 `SRV_MASTER_CHECKPOINT_INTERVAL`
    /// (7 s), 8.0.30 `innodb_log_checkpoint_every` (1 s).
    #[inline]
    pub fn checkpoint_interval_s(self) -> u64 {
        match self {
            FlushPolicy::V8030 => 1,
            FlushPolicy::V56 | FlushPolicy::V56Labs | FlushPolicy::V57 => 7,
            _ => 10,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for (i, (name, p)) in POLICIES.iter().enumerate() {
            assert_eq!(p.code(), i as u32);
            assert_eq!(FlushPolicy::from_code(i as u32), Some(*p));
            assert_eq!(p.name(), *name);
            assert_eq!(serde_json::to_string(p).unwrap(), format!("\"{name}\""));
        }
        assert_eq!(FlushPolicy::from_code(7), None);
        assert!(FlushPolicy::PerconaKeepAverage.master_thread());
        assert!(!FlushPolicy::V57.master_thread());
    }
}
