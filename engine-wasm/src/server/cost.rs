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

/// Read one row at the cursor, convert it to MySQL's row format
/// (`row_sel_store_mysql_rec`) and send it to the client: the row of a point select,
/// each row of a range that returns its rows.
pub const ROW_SEND_NS: Nanos = 1_000;

/// Read and evaluate one record without sending it: a row `SUM()` adds up, a
/// secondary record checked against `k = ?` (the one that ends the run included).
/// The cursor's move to the next record plus the column copy and compare, roughly
/// the ROW_SEND_NS work without the result packet.
pub const ROW_READ_NS: Nanos = 400;

/// One compare of a filesort (`ORDER BY c`): sort keys are `strnxfrm`ed once, then
/// compared with `memcmp` on ~120 bytes. A sort of n rows does n·⌈log2 n⌉.
pub const SORT_COMPARE_NS: Nanos = 40;

/// Insert one row into the in-memory temporary table of `SELECT DISTINCT`: hash
/// the 120-byte key, probe, copy the row.
pub const TEMP_TABLE_ROW_NS: Nanos = 500;

// How a select is costed, from the numbers above and no others:
//
// - every statement: STATEMENT_NS (BEGIN and COMMIT too: for a short statement
//   the round trip and dispatch dominate, and a read-only COMMIT writes no redo);
// - every index search: HASH_SEARCH_NS for a hash probe, plus, when the probe
//   fails or is not tried, PER_LEVEL_NS per level of the B-tree descent;
// - then per row: ROW_SEND_NS if it is returned, ROW_READ_NS if only examined,
//   plus the sort and temporary-table work of ORDER BY / DISTINCT.
//
// A secondary-key select (`SELECT c FROM sbtest WHERE k = ?`) is two searches per
// matching row: the secondary index on k (its records, k + id, are 5 + 8 bytes,
// so ~1,100 per leaf against ~70 clustered rows per leaf: 10 compares per level
// instead of 6–11 on the clustered path, within what PER_LEVEL_NS already
// averages), then the clustered index by the row's id. Each search may hit the AHI
// of its own index. The per-level, per-probe and per-row numbers are the same as
// for a point select; no constant depends on the lesson.

/// From `os_event_set` on a sleeping thread's futex to that thread running again:
/// the kernel's wake-up and scheduling latency on a busy many-core host.
pub const OS_WAKE_LATENCY_NS: Nanos = 20_000;

/// CPU a woken thread spends being switched in (context switch, cold caches).
pub const CONTEXT_SWITCH_NS: Nanos = 5_000;

/// A hash lookup: fold the key, walk the cell's chain, check the guess against the
/// record and its neighbour (`btr_search_check_guess`): a few cache misses.
pub const HASH_SEARCH_NS: Nanos = 400;

/// Fold one record's prefix while building a page's hash (`rec_fold`), outside the latch.
pub const BUILD_FOLD_NS: Nanos = 100;

/// Insert one fold into the hash table (`ha_insert_for_fold`: cell walk, node from
/// the heap), under the partition's X-latch.
pub const BUILD_INSERT_NS: Nanos = 150;

/// Re-point one hash node (`btr_search_update_hash_ref`).
pub const HASH_UPDATE_NS: Nanos = 300;

/// Read a command packet from the socket and decode it (`do_command` →
/// `my_net_read`): one recv syscall and the protocol header. A share of
/// `STATEMENT_NS`; the query cache is consulted right after it, before parsing.
pub const NET_READ_NS: Nanos = 5_000;

/// Write a small result to the socket (`net_flush`: one send syscall). A share of
/// `STATEMENT_NS`; a query cache hit pays it to send the stored packets.
pub const NET_WRITE_NS: Nanos = 5_000;

/// Parse, open and lock tables, optimize: the share of `STATEMENT_NS` between the
/// query cache lookup and `store_query` (which runs just before execution).
pub const SQL_PARSE_NS: Nanos = 10_000;

/// The query cache lock's `structure_guard_mutex`, taken once by `try_lock` and
/// once by `unlock`: two uncontended pthread mutex operations whose cache line
/// moves between cores (~100 ns each on a two-socket server).
pub const QC_MUTEX_NS: Nanos = 250;

/// Hash ~200 key bytes (`my_hash_sort`) and probe the query hash: a pass over the
/// bytes plus a couple of cache misses in a table of up to millions of entries.
pub const QC_HASH_NS: Nanos = 300;

/// Read or write one block header in the arena (bin probe, split, merge, list
/// link): a cache miss in memory of up to gigabytes.
pub const QC_BLOCK_NS: Nanos = 60;
