//! Semantic events for the UI (page split, read, evict, write...) in a bounded ring
//! with absolute sequence numbers, so a reader asks "everything since n".

use serde::Serialize;
use std::collections::VecDeque;

/// Events kept in the ring; older ones are dropped (readers see a gap).
pub const TRACE_CAPACITY: usize = 4096;

/// One engine event (serialized with camelCase fields and a `kind` tag).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all_fields = "camelCase")]
pub enum TraceKind {
    /// A B+tree page split (`btr_page_split_and_insert`).
    PageSplit {
        /// Index number (0 = clustered).
        index: u16,
        /// The page that split.
        page: u32,
        /// The new page.
        new_page: u32,
        /// Tree level (0 = leaf).
        level: u8,
        /// `to_right`, `to_left` or `middle`.
        split: &'static str,
    },
    /// The root split: its records moved to a new child (`btr_root_raise_and_insert`).
    RootRaise {
        /// Index number.
        index: u16,
        /// The root page (unchanged number).
        page: u32,
        /// The new child.
        new_page: u32,
        /// New height − 1.
        level: u8,
    },
    /// A page read from storage into the pool.
    PageRead {
        /// Index number.
        index: u16,
        /// Page.
        page: u32,
    },
    /// A page evicted from the pool.
    PageEvict {
        /// Index number.
        index: u16,
        /// Page.
        page: u32,
        /// It had to be written first.
        dirty: bool,
    },
    /// A dirty page written to storage.
    PageWrite {
        /// Index number.
        index: u16,
        /// Page.
        page: u32,
    },
    /// A flush-list batch started (page cleaner, master thread or a user thread).
    FlushBatch {
        /// adaptive, sync, async, background or master.
        reason: crate::redo::BatchKind,
        /// Pages submitted.
        pages: u32,
        /// Pages asked for (u32::MAX: every page below the limit).
        requested: u32,
        /// Only pages with oldest_modification below this LSN (0 = no limit).
        lsn_limit: u64,
        /// Oldest modification when it started.
        oldest: u64,
        /// LSN when it started.
        lsn: u64,
    },
    /// A checkpoint was written.
    Checkpoint {
        /// The new checkpoint LSN.
        lsn: u64,
        /// Checkpoint age after it (LSN − checkpoint).
        age: u64,
    },
    /// The query cache registered a query (`store_query`): its QUERY block.
    QcInsert {
        /// Arena offset of the block (Aurora: 0, no arena).
        offset: u64,
        /// Block bytes.
        bytes: u64,
    },
    /// A cached result completed (`end_of_result`): its first RESULT block.
    QcResult {
        /// Arena offset.
        offset: u64,
        /// Block bytes after the trim.
        bytes: u64,
    },
    /// `free_old_query` pruned the oldest query to make room (`Qcache_lowmem_prunes`).
    QcPrune {
        /// Arena offset of the pruned query's block (Aurora: 0).
        offset: u64,
    },
    /// A write dropped every cached query of the table (`invalidate_table`).
    QcInvalidate {
        /// Queries freed.
        queries: u64,
    },
}

/// A timestamped event.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TraceEvent {
    /// Virtual time, ns.
    pub t: u64,
    /// What happened.
    #[serde(flatten)]
    pub what: TraceKind,
}

/// Bounded event ring.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    ring: VecDeque<TraceEvent>,
    /// Absolute number of the first event still in the ring.
    first: u64,
}

impl Trace {
    /// Appends an event, dropping the oldest when full.
    pub fn push(&mut self, t: u64, what: TraceKind) {
        if self.ring.len() == TRACE_CAPACITY {
            self.ring.pop_front();
            self.first += 1;
        }
        self.ring.push_back(TraceEvent { t, what });
    }

    /// Absolute number of the oldest event still kept.
    pub fn first_seq(&self) -> u64 {
        self.first
    }

    /// Absolute number the next event will get.
    pub fn next_seq(&self) -> u64 {
        self.first + self.ring.len() as u64
    }

    /// Events with absolute number ≥ `since` still in the ring.
    pub fn since(&self, since: u64) -> impl Iterator<Item = &TraceEvent> {
        let skip = since.saturating_sub(self.first) as usize;
        self.ring.iter().skip(skip)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ring_keeps_absolute_numbers() {
        let mut t = Trace::default();
        for i in 0..(TRACE_CAPACITY as u64 + 10) {
            t.push(
                i,
                TraceKind::PageRead {
                    index: 0,
                    page: i as u32,
                },
            );
        }
        assert_eq!(t.next_seq(), TRACE_CAPACITY as u64 + 10);
        let first = t.since(0).next().map(|e| e.t);
        assert_eq!(first, Some(10));
        assert_eq!(t.since(TRACE_CAPACITY as u64 + 8).count(), 2);
        let json =
            serde_json::to_string(&t.since(TRACE_CAPACITY as u64 + 9).next()).unwrap_or_default();
        assert_eq!(
            json,
            r#"{"t":4105,"kind":"PageRead","index":0,"page":4105}"#
        );
    }
}
