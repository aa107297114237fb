//! The CPU cost model: what each step of a query costs on one core, in virtual ns.
//! One table for every lesson; no per-lesson tuning. Reasoning per constant below.

use crate::sim::Nanos;

/// Parse, plan, execute and answer one small statement over the network protocol.
/// A 96-core server doing ~2M point selects/s (seed 001) spends ~48 µs of core time
/// per query including kernel networking; the server-side share is about 30 µs.
pub const STATEMENT_NS: Nanos = 30_000;

/// Visit one B+tree level: latch the page, binary-search ~500 records
/// (~9 compares of a few ns each, plus cache misses on a cold page).
pub const PER_LEVEL_NS: Nanos = 300;

/// Insert one index entry: undo record, record copy into the page, redo record.
/// A few µs each, so a two-index insert is about twice a point select's engine work.
pub const ROW_INSERT_NS: Nanos = 3_000;

/// One page split: allocate a page, move about half of 16 KiB of records,
/// fix the page directory and sibling links, log it (≈ a few 8 KiB memcpys + redo).
pub const PAGE_SPLIT_NS: Nanos = 20_000;

/// Re-entering a thread after an IO or lock wait (context switch, cache refill).
pub const RESUME_NS: Nanos = 2_000;

/// Send one result row to the client.
pub const ROW_SEND_NS: Nanos = 1_000;
