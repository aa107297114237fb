//! How many pages to flush, per policy: pure functions of what the flushing thread
//! sees each iteration, with the state each algorithm keeps between iterations.
//! Integer arithmetic as in InnoDB (`ulint`, `lsn_t`), `libm::sqrt` for √.

mod af56;
mod af57;
mod inputs;
mod v55;

pub use af56::Af56;
pub use af57::{Af57, LSN_SCAN_FACTOR};
pub use inputs::{
    dirty_pct, pct_for_dirty, pct_for_lsn, pct_io, period, FlushKnobs, Inputs, Recommendation,
};
pub use v55::{
    master55_second, master55_ten_seconds, percona_estimate, percona_keep_average_tick,
    DesiredRate55, BUF_FLUSH_STAT_N_INTERVAL,
};

#[cfg(test)]
mod tests;
