// Pure layout of one leaf page's records (page_records_json): the used/free bar with
// the 1/16 reserve mark at 15/16, and the record list totals.
import { formatBytes } from '../../charts/common/format';

/** What page_records_json(index, leaf, max) returns (WASM_API.md). */
export interface PageRecords {
  page: number;
  level: number;
  fill: number; // 0..1 of PAGE_USABLE_BYTES
  /** Records on the page (the list holds at most `max` of them). */
  n_recs?: number;
  records: { key: string; size: number }[];
}

/** Usable bytes of an empty 16 KiB compact page (page_get_free_space_of_empty). */
export const PAGE_USABLE_BYTES = 16252;
/** Inserts in a sequential pattern keep 1/16 of the page free (btr_cur_optimistic_insert). */
export const RESERVE_FRACTION = 1 / 16;

export interface RecordsBar {
  usedBytes: number;
  freeBytes: number;
  usedWidth: number;
  reserveX: number; // px of the 15/16 mark
  label: string;
}

/** The used-vs-free bar of a page `width` px wide. */
export function recordsBar(fill01: number, width: number): RecordsBar {
  const f = Number.isFinite(fill01) ? Math.max(0, Math.min(1, fill01)) : 0;
  const usedBytes = Math.round(f * PAGE_USABLE_BYTES);
  return {
    usedBytes,
    freeBytes: PAGE_USABLE_BYTES - usedBytes,
    usedWidth: f * width,
    reserveX: (1 - RESERVE_FRACTION) * width,
    label: `${formatBytes(usedBytes)} used, ${formatBytes(PAGE_USABLE_BYTES - usedBytes)} free of ${formatBytes(PAGE_USABLE_BYTES)}`,
  };
}

/** Sum of the listed record sizes and their mean (the list may be capped by `max`). */
export function recordTotals(r: PageRecords): { count: number; bytes: number; mean: number } {
  const bytes = r.records.reduce((s, x) => s + x.size, 0);
  return { count: r.records.length, bytes, mean: r.records.length ? bytes / r.records.length : 0 };
}

/** "574 records, the first 200 listed (5,200 bytes)" or "12 records (312 bytes)". */
export function recordsCaption(r: PageRecords, count: number, bytes: number, fmt: (n: number) => string): string {
  const total = r.n_recs ?? count;
  const noun = total === 1 ? 'record' : 'records';
  return total > count ? `${fmt(total)} ${noun}, the first ${fmt(count)} listed (${fmt(bytes)} bytes)` : `${fmt(total)} ${noun} (${fmt(bytes)} bytes)`;
}
