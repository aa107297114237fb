// What counts as one simulated operation: a statement, MySQL's `Questions` counter
// (falls back to Com_insert + Com_select for engines that predate it); a transaction,
// MySQL's `Com_commit`, for the read-write load.

/** Simulated statements in a Summary (CLI "summary" / summary_json()), or null. */
export function operationsOf(summary) {
  const c = summary?.counters ?? {};
  if (typeof c.Questions === 'number') return c.Questions;
  const parts = [c.Com_insert, c.Com_select].filter((v) => typeof v === 'number');
  return parts.length ? parts.reduce((a, b) => a + b, 0) : null;
}

/** Simulated transactions in a Summary (`Com_commit`), or null: the read-write load's unit. */
export function transactionsOf(summary) {
  const c = summary?.counters?.Com_commit;
  return typeof c === 'number' ? c : null;
}

/** Simulated SELECT statements in a Summary: Com_select + Qcache_hits (a query cache
 *  hit is not a Com_select), or null. */
export function selectsOf(summary) {
  const c = summary?.counters ?? {};
  if (typeof c.Com_select !== 'number') return null;
  return c.Com_select + (typeof c.Qcache_hits === 'number' ? c.Qcache_hits : 0);
}
