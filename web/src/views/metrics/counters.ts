// Plain-words explanations of the counters the engine reports, under MySQL's own names
// (SHOW GLOBAL STATUS / INNODB_METRICS), in the order a reader meets them.

/** Counter name → one-sentence explanation (shown as the row's tooltip). */
export const COUNTER_HELP: [name: string, help: string][] = [
  ['Innodb_buffer_pool_read_requests', 'Logical page reads: every time a query asked the buffer pool for a page.'],
  ['Innodb_buffer_pool_reads', 'Page reads that missed the buffer pool and had to go to disk.'],
  ['Innodb_buffer_pool_pages_total', 'Frames in the buffer pool (its size in 16 KiB pages).'],
  ['Innodb_buffer_pool_pages_data', 'Frames holding a page, clean or dirty.'],
  ['Innodb_buffer_pool_pages_dirty', 'Frames whose page changed in memory and is not yet written to disk.'],
  ['Innodb_buffer_pool_pages_free', 'Empty frames, ready for a page read from disk or a new page.'],
  ['Innodb_buffer_pool_pages_made_young', 'Pages moved from the old sublist to the head of the LRU because they were used again.'],
  ['Innodb_buffer_pool_pages_made_not_young', 'Accesses to old-sublist pages that did not promote them (too soon after the first read).'],
  ['Innodb_buffer_pool_pages_flushed', 'Dirty pages written back by the background flush batches (flush list and LRU list). Not counted: a page a query thread writes itself to free a frame (see Innodb_buffer_pool_wait_free); Innodb_pages_written counts those too.'],
  ['Innodb_buffer_pool_wait_free', 'Times a query thread found no clean frame near the LRU tail to reuse: it then frees one itself, usually by writing a dirty page (a single-page flush) and waiting for it.'],
  ['Innodb_pages_created', 'New pages allocated, e.g. the right half of a page split.'],
  ['Innodb_pages_read', 'Pages read from disk.'],
  ['Innodb_pages_written', 'Every page written to disk: by the flush batches, and by query threads freeing a frame for a read.'],
  ['Innodb_rows_inserted', 'Rows inserted into InnoDB tables.'],
  ['Innodb_rows_read', 'Rows read from InnoDB tables.'],
  ['index_page_splits', 'Times a full index page was split in two to make room, in every index of the table (the B+tree view counts the clustered index alone).'],
  ['index_page_merge_successful', 'Times two half-empty neighbour pages were merged into one.'],
  ['index_page_reorg_attempts', 'Times a page was reorganised to reclaim the space of deleted records.'],
  ['Innodb_data_reads', 'Read operations sent to the storage device.'],
  ['Innodb_data_writes', 'Write operations sent to the storage device.'],
  ['Innodb_os_log_written', 'Bytes written to the redo log.'],
  ['Innodb_log_waits', 'Times a transaction waited because the redo log buffer was full.'],
  ['adaptive_hash_searches', 'Lookups answered by the adaptive hash index, skipping the B+tree descent.'],
  ['adaptive_hash_searches_btree', 'Lookups that descended the B+tree because the hash index could not answer.'],
  ['Qcache_hits', 'SELECTs answered from the query cache.'],
  ['Qcache_inserts', 'Results stored in the query cache.'],
  ['Qcache_lowmem_prunes', 'Cached results evicted to make room for new ones.'],
  ['Com_select', 'SELECT statements executed, counted when they start (query cache hits are not counted here).'],
  ['Com_insert', 'INSERT statements executed, counted when they start, so it can run ahead of the rows inserted.'],
  ['Questions', 'Statements sent by clients, counted when they arrive.'],
  ['Com_begin', 'BEGIN statements: transactions opened explicitly.'],
  ['Com_commit', 'COMMIT statements: transactions ended and made durable.'],
  ['Com_update', 'UPDATE statements executed.'],
  ['Com_delete', 'DELETE statements executed.'],
  ['Innodb_rows_updated', 'Rows changed by UPDATE statements.'],
  ['Innodb_rows_deleted', 'Rows removed by DELETE statements (delete-marked; purge is not modelled).'],
  ['Qcache_not_cached', 'SELECTs the query cache did not store: not cacheable (SQL_NO_CACHE, or InnoDB said no: a writer holds the table), already being stored by another thread, or too big.'],
  ['Qcache_queries_in_cache', 'Results held in the query cache now.'],
  ['Qcache_free_memory', 'Bytes of the query cache not in use, in all its free blocks.'],
  ['Qcache_free_blocks', 'Free blocks in the query cache: many small ones mean it is fragmented.'],
  ['Qcache_total_blocks', 'All blocks of the query cache, used and free.'],
  ['qcache_lock_waits', 'Times a thread found the query cache lock taken and waited for it (not a MySQL counter: the simulation counts it).'],
  ['qcache_lock_timeouts', 'Waits for the query cache lock that gave up after 50 ms, so the statement ran without the cache.'],
  ['qcache_mutex_spin_waits', 'Times a thread spun on the mutex that guards the query cache lock.'],
  ['qcache_mutex_os_waits', 'Times a thread stopped spinning and slept on that mutex.'],
  ['adaptive_hash_pages_added', 'Index pages the adaptive hash index started to cover.'],
  ['adaptive_hash_pages_removed', 'Index pages dropped from the adaptive hash index (evicted from the pool, or no longer worth it).'],
  ['adaptive_hash_rows_added', 'Hash entries added: one per record of a page being hashed (MySQL before 8.0.30 counts a hashed page\'s entries twice), or per row inserted on one.'],
  ['adaptive_hash_rows_removed', 'Hash entries removed, with their page or their record.'],
  ['adaptive_hash_rows_updated', 'Hash entries moved to a row just inserted beside the record they pointed at (btr_search_update_hash_node_on_insert).'],
  ['ahi_latch_x_spin_waits', 'Times a thread found an adaptive hash index latch taken for writing and spun.'],
  ['ahi_latch_x_spin_rounds', 'Spin rounds spent waiting for adaptive hash index latches.'],
  ['ahi_latch_x_os_waits', 'Times a thread gave up spinning on an adaptive hash index latch and slept.'],
  ['Innodb_redo_log_bytes', 'Bytes of redo records written, without the log blocks\' headers and trailers.'],
  ['log_lsn_current', 'The log sequence number: bytes of redo written since the log began.'],
  ['log_lsn_last_checkpoint', 'The LSN of the last checkpoint: redo before it is never needed again.'],
  ['log_lsn_checkpoint_age', 'Current LSN minus the last checkpoint: the redo that cannot be overwritten yet.'],
  ['log_lsn_buf_pool_oldest', 'The oldest change not yet written from the buffer pool (its LSN).'],
  ['log_max_modified_age_async', 'The modified age at which flushing for age becomes urgent (the async point).'],
  ['log_max_modified_age_sync', 'The modified age at which user threads must flush and wait (the sync point).'],
  ['log_num_checkpoints', 'Checkpoints taken.'],
  ['buffer_LRU_batch_flush_total_pages', 'Dirty pages written from the tail of the LRU list to free frames.'],
  ['buffer_flush_threads_waiting', 'Client threads waiting now for flushing to make room in the log.'],
  ['buffer_flush_adaptive_total_pages', 'Pages written by adaptive flushing.'],
  ['buffer_flush_n_to_flush_requested', 'Pages the flushing loop asked for in its last iteration.'],
  ['buffer_flush_n_to_flush_by_age', 'Pages old enough to count toward the redo age in the last iteration (MySQL 5.7 and later; 5.5 and 5.6 do not keep it, so it stays 0 there).'],
  ['buffer_flush_avg_page_rate', 'Pages actually flushed per second, averaged over the last loops.'],
  ['buffer_flush_lsn_avg_rate', 'Redo bytes written per second, averaged over the last loops.'],
  ['buffer_flush_pct_for_dirty', 'Percent of io_capacity asked for because of the share of dirty pages.'],
  ['buffer_flush_pct_for_lsn', 'Percent of io_capacity asked for because of the redo age.'],
  ['buffer_flush_sync_total_pages', 'Pages written in sync flushes, past the sync point.'],
  ['buffer_flush_sync_waits', 'Times a writer past the sync point waited: for its sync flush, or (5.5) for the batch already running to end.'],
  ['buffer_flush_async_total_pages', 'Pages written in async flushes, past the async point (5.5: by the writers themselves).'],
  ['buffer_flush_background_total_pages', 'Pages written by background flushing while the server is idle or over its dirty-page limit.'],
  ['buffer_flush_master_total_pages', 'Pages written by the 5.5 master thread\'s once-a-second flush.'],
  ['buffer_flush_batches', 'Flush-list batches started.'],
];

const HELP = new Map(COUNTER_HELP);
const ORDER = new Map(COUNTER_HELP.map(([n], i) => [n, i]));

/** The explanation of a counter, or a generic one for names not listed. */
export function counterHelp(name: string): string {
  return HELP.get(name) ?? `Engine counter ${name} (named as MySQL names it).`;
}

/** Sort key: listed counters in reading order, then the rest alphabetically. */
export function counterOrder(a: string, b: string): number {
  const ia = ORDER.get(a) ?? Infinity;
  const ib = ORDER.get(b) ?? Infinity;
  return ia !== ib ? ia - ib : a.localeCompare(b);
}
