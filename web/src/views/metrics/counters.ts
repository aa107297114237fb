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
  ['Innodb_buffer_pool_pages_flushed', 'Dirty pages written back to disk.'],
  ['Innodb_buffer_pool_wait_free', 'Times a thread had to wait for a clean frame to become free.'],
  ['Innodb_pages_created', 'New pages allocated, e.g. the right half of a page split.'],
  ['Innodb_pages_read', 'Pages read from disk.'],
  ['Innodb_pages_written', 'Pages written to disk.'],
  ['Innodb_rows_inserted', 'Rows inserted into InnoDB tables.'],
  ['Innodb_rows_read', 'Rows read from InnoDB tables.'],
  ['index_page_splits', 'Times a full index page was split in two to make room.'],
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
