//! Adaptive Hash Index (`btr0sea.cc`): per-index recommendations, per-page build
//! decisions, partitioned fold → record hash tables with validate-or-fail lookups,
//! maintenance on page moves, inserts, deletes and drops, and InnoDB's counters.
//! Latches and CPU costs are the server's: this module only says which part and
//! which kind of latch (blocking in 5.7, try-lock in 8.0.30) an action needs.

mod block_info;
mod build;
mod check;
mod config;
mod counters;
mod fields;
mod maintain;
mod search_info;
mod sys;
mod table;

#[cfg(test)]
mod tests_maint;
#[cfg(test)]
mod tests_search;
#[cfg(test)]
mod testutil;

pub use block_info::BlockInfo;
pub use config::{Advice, AhiConfig, AhiVersion, Guess, Prefix, SearchMode};
pub use counters::{AhiCounters, PartStats};
pub use search_info::{
    SearchInfo, BTR_SEARCH_BUILD_LIMIT, BTR_SEARCH_HASH_ANALYSIS, BTR_SEARCH_PAGE_BUILD_LIMIT,
};
pub use sys::Ahi;
pub use table::NODES_PER_HEAP_PAGE;
