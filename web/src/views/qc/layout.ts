// Pure layout of the query cache panel: qc_blocks() pairs → a wrapped strip of segments
// (query, result, table, free blocks; small free blocks as fragments), the trace events
// of one frame → marks on the strip (single events in slow motion, counts when many),
// and qc_lock_json() → the holder, a queue of waiting threads and rates between frames.
import {
  QC_BLOCK_FREE,
  QC_BLOCK_QUERY,
  QC_BLOCK_RES_BEG,
  QC_BLOCK_RES_CONT,
  QC_BLOCK_RESULT,
  QC_BLOCK_STRIDE,
  QC_BLOCK_TABLE,
  QC_UNIT_BYTES,
  type QcKind,
  type QcLock,
  type TraceEvent,
} from '../../engine/frames';
import { noun } from '../../charts/common/format';

/** What a segment of the strip is. */
export type ArenaKind = 'query' | 'result' | 'writing' | 'table' | 'free' | 'fragment';

/**
 * A free block smaller than this (4 KiB, query_cache_min_res_unit's default) cannot take
 * a new result's first block: a fragment.
 */
export const FRAGMENT_BYTES = 4096;
/** Rows the strip wraps into at most. */
export const MAX_ROWS = 8;
/** Past this many events in one frame, the strip shows counts instead of each event. */
export const MAX_ANIMATED_EVENTS = 12;

/** Kind of a block; Aurora's cache has no arena, so its free remainder is never a fragment. */
export function arenaKind(type: number, bytes: number, cache: QcKind = 'mysql'): ArenaKind {
  switch (type) {
    case QC_BLOCK_QUERY:
      return 'query';
    case QC_BLOCK_RESULT:
    case QC_BLOCK_RES_CONT:
      return 'result';
    case QC_BLOCK_RES_BEG:
      return 'writing';
    case QC_BLOCK_TABLE:
      return 'table';
    case QC_BLOCK_FREE:
    default:
      return bytes < FRAGMENT_BYTES && cache !== 'aurora' ? 'fragment' : 'free';
  }
}

/** One drawn piece of a block (a block crossing a row end gives two pieces). */
export interface ArenaSeg {
  kind: ArenaKind;
  x: number;
  y: number; // row index
  width: number; // px; fragments at least 1 px
  /** The block's index in the strip, and whether this piece is the block's first. */
  block: number;
  first: boolean;
}

export interface ArenaStats {
  totalUnits: number;
  blocks: number;
  queries: number; // query blocks (Aurora: entries)
  resultBlocks: number;
  tables: number;
  freeBlocks: number; // fragments included
  fragments: number;
  freeBytes: number;
  fragmentBytes: number;
  largestFreeBytes: number;
  usedBytes: number;
}

export interface ArenaLayout {
  width: number;
  rows: number;
  /** px per 512 B unit */
  scale: number;
  segs: ArenaSeg[];
  stats: ArenaStats;
  /** Start unit of each block (for placing events by byte offset). */
  starts: number[];
}

/** Rows for `totalUnits` on `width` px: about 1 px per unit at most, wrapped into at most MAX_ROWS. */
export function arenaRows(totalUnits: number, width: number): number {
  if (totalUnits <= 0 || width <= 0) return 0;
  return Math.max(1, Math.min(MAX_ROWS, Math.ceil(totalUnits / Math.max(1, width))));
}

/**
 * The strip of `blocks` ([type, bytes] pairs, drawn in 512 B units) wrapped on `width` px. Aurora's entries
 * (result pairs) count as its queries: one entry per cached statement.
 */
export function layoutArena(blocks: Uint32Array, width: number, cache: QcKind = 'mysql'): ArenaLayout {
  const n = Math.floor(blocks.length / QC_BLOCK_STRIDE);
  const stats: ArenaStats = {
    totalUnits: 0,
    blocks: n,
    queries: 0,
    resultBlocks: 0,
    tables: 0,
    freeBlocks: 0,
    fragments: 0,
    freeBytes: 0,
    fragmentBytes: 0,
    largestFreeBytes: 0,
    usedBytes: 0,
  };
  const starts: number[] = [];
  for (let i = 0; i < n; i++) {
    starts.push(stats.totalUnits);
    // Drawn in 512 B units (a fraction for a block that is not a multiple), counted in bytes.
    const bytes = blocks[i * 2 + 1];
    stats.totalUnits += bytes / QC_UNIT_BYTES;
    const kind = arenaKind(blocks[i * 2], bytes, cache);
    if (kind === 'query') stats.queries++;
    else if (kind === 'result' || kind === 'writing') {
      stats.resultBlocks++;
      if (cache === 'aurora') stats.queries++;
    }
    else if (kind === 'table') stats.tables++;
    if (kind === 'free' || kind === 'fragment') {
      stats.freeBlocks++;
      stats.freeBytes += bytes;
      stats.largestFreeBytes = Math.max(stats.largestFreeBytes, bytes);
      if (kind === 'fragment') {
        stats.fragments++;
        stats.fragmentBytes += bytes;
      }
    } else stats.usedBytes += bytes;
  }
  const W = Math.max(1, Math.floor(width));
  const rows = arenaRows(stats.totalUnits, W);
  const scale = rows > 0 ? (rows * W) / stats.totalUnits : 0;
  const segs: ArenaSeg[] = [];
  for (let i = 0; i < n; i++) {
    const bytes = blocks[i * 2 + 1];
    if (bytes === 0) continue;
    const units = bytes / QC_UNIT_BYTES;
    const kind = arenaKind(blocks[i * 2], bytes, cache);
    let from = starts[i] * scale;
    const to = (starts[i] + units) * scale;
    let first = true;
    while (to - from > 1e-9) {
      const row = Math.min(rows - 1, Math.floor(from / W + 1e-9));
      const rowEnd = (row + 1) * W;
      const end = Math.min(to, rowEnd);
      const x = from - row * W;
      let w = end - from;
      // a fragment stays visible as a 1 px sliver however fine the scale
      if (kind === 'fragment' && w < 1) w = 1;
      segs.push({ kind, x: Math.min(x, W - w), y: row, width: w, block: i, first });
      first = false;
      if (end >= to || row === rows - 1) break;
      from = end;
    }
  }
  return { width: W, rows, scale, segs, stats, starts };
}

/** Position on the strip (px, row) of a byte offset into the arena. */
export function offsetPoint(layout: ArenaLayout, offsetBytes: number): { x: number; y: number } {
  const p = (offsetBytes / QC_UNIT_BYTES) * layout.scale;
  const row = Math.max(0, Math.min(layout.rows - 1, Math.floor(p / layout.width)));
  return { x: Math.max(0, Math.min(layout.width - 1, p - row * layout.width)), y: row };
}

export type EventMarkKind = 'prune' | 'insert' | 'result';

export interface EventMark {
  kind: EventMarkKind;
  x: number;
  y: number;
  width: number;
  t: number;
}

export interface EventSummary {
  prunes: number;
  inserts: number;
  results: number;
  invalidations: number;
  invalidatedQueries: number;
  /** Each event drawn on its own (slow motion), or only counted (too many this frame). */
  animated: boolean;
  marks: EventMark[];
}

/**
 * The query cache events of one frame. MySQL events carry arena offsets, so prunes and
 * stores are placed on the strip; Aurora has no arena (offset 0), so it is counted only.
 */
export function eventMarks(events: TraceEvent[], layout: ArenaLayout, kind: QcKind): EventSummary {
  const out: EventSummary = { prunes: 0, inserts: 0, results: 0, invalidations: 0, invalidatedQueries: 0, animated: false, marks: [] };
  const placed: { kind: EventMarkKind; offset: number; bytes: number; t: number }[] = [];
  for (const e of events) {
    if (e.kind === 'QcPrune') {
      out.prunes++;
      placed.push({ kind: 'prune', offset: Number(e.offset), bytes: QC_UNIT_BYTES, t: e.t });
    } else if (e.kind === 'QcInsert') {
      out.inserts++;
      placed.push({ kind: 'insert', offset: Number(e.offset), bytes: Number(e.bytes), t: e.t });
    } else if (e.kind === 'QcResult') {
      out.results++;
      placed.push({ kind: 'result', offset: Number(e.offset), bytes: Number(e.bytes), t: e.t });
    } else if (e.kind === 'QcInvalidate') {
      out.invalidations++;
      out.invalidatedQueries += Number(e.queries) || 0;
    }
  }
  out.animated = placed.length + out.invalidations <= MAX_ANIMATED_EVENTS;
  if (kind !== 'mysql' || !out.animated || layout.rows === 0) return out;
  for (const p of placed) {
    const at = offsetPoint(layout, p.offset);
    out.marks.push({ kind: p.kind, x: at.x, y: at.y, width: Math.max(3, (Math.max(p.bytes, 1) / QC_UNIT_BYTES) * layout.scale), t: p.t });
  }
  return out;
}

/**
 * The line under the strip for one frame's events: "Last frame: 731 queries stored · 698
 * results completed · 633 pruned (✕)", and why nothing is marked when there were too many
 * (every event counts towards that, so each is named here). "Last frame" tells these
 * counts from the heading's totals since t = 0 (2,778 prunes there, 675 here, side by
 * side, read as a contradiction). A no-break space when none.
 */
export function eventsSentence(e: EventSummary, kind: QcKind, fmt: (v: number) => string): string {
  const parts = [
    e.inserts ? `${fmt(e.inserts)} ${e.inserts === 1 ? 'query' : 'queries'} stored` : '',
    e.results ? `${fmt(e.results)} ${e.results === 1 ? 'result' : 'results'} completed` : '',
    e.prunes ? `${fmt(e.prunes)} pruned (✕)` : '',
    e.invalidations ? `${e.invalidations === 1 ? 'a write' : `${fmt(e.invalidations)} writes`} invalidated ${fmt(e.invalidatedQueries)} ${e.invalidatedQueries === 1 ? 'query' : 'queries'}` : '',
    !e.animated && kind === 'mysql' ? 'too many to mark one by one' : '',
  ].filter(Boolean);
  return parts.length ? `Last frame: ${parts.join(' · ')}` : '\u00a0';
}

export interface LockModel {
  /** "held by thread 17", "free", "never taken" (the cache switched off), or for Aurora "no global lock". */
  holder: string;
  held: boolean;
  waiting: number;
  queueDots: number;
  queueMore: number;
  sentence: string;
}

/** Waiting threads drawn as queue squares; more show as "+N". */
export const MAX_QUEUE_DOTS = 48;

export function lockModel(lock: QcLock, kind: QcKind, fmt: (v: number) => string, off = false): LockModel {
  // query_cache_type = OFF: SELECTs return before the lock (Query_cache::send_result_to_client
  // and store_query test the type first). Counted acquisitions, should any come, show as usual.
  if (kind === 'mysql' && off && lock.acquisitions === 0 && lock.holder === null) {
    return { holder: 'never taken', held: false, waiting: 0, queueDots: 0, queueMore: 0, sentence: 'query_cache_type = OFF: no thread has taken the query cache lock since the start, so none waits for it.' };
  }
  if (kind !== 'mysql') {
    const sentence =
      kind === 'aurora'
        ? 'No global lock: lookups and stores of this conceptual cache run in parallel (sharded), so no thread waits for the cache.'
        : 'No query cache in this scenario.';
    return { holder: kind === 'aurora' ? 'no global lock' : 'no query cache', held: false, waiting: 0, queueDots: 0, queueMore: 0, sentence };
  }
  const held = lock.holder !== null;
  const holder = held ? `held by thread ${lock.holder}` : 'free';
  const queueDots = Math.min(MAX_QUEUE_DOTS, Math.max(0, lock.waiting));
  const sentence =
    `The query cache lock is ${holder}; ${fmt(lock.waiting)} threads are asleep in its queue (the Client threads view also counts those spinning for it or just woken). Since the start: ` +
    `${fmt(lock.acquisitions)} acquisitions, ${fmt(lock.waits)} found it taken, ${fmt(lock.timeouts)} gave up after 50 ms` +
    (lock.mutex_spin_waits !== undefined
      ? `; its inner mutex: ${fmt(lock.mutex_spin_waits)} spin waits, ${fmt(lock.mutex_os_waits ?? 0)} sleeps.`
      : '.');
  return { holder, held, waiting: lock.waiting, queueDots, queueMore: Math.max(0, lock.waiting - queueDots), sentence };
}

/** Per simulated second since the start (NaN at t = 0). The same instant gives the same
 *  rates however it was reached (playing at any speed, scrubbing, stepping back): a rate
 *  between the last two drawn frames changed with the frames' spacing. */
export function lockRates(lock: QcLock, timeNs: number): { acquisitions: number; waits: number; timeouts: number } {
  const t = timeNs / 1e9;
  if (!(t > 0)) return { acquisitions: NaN, waits: NaN, timeouts: NaN };
  return { acquisitions: lock.acquisitions / t, waits: lock.waits / t, timeouts: lock.timeouts / t };
}

/** Words for the strip (caption and screen readers). `freeMemory` is Qcache_free_memory
 *  when known (the same total as the free blocks', read from the counters). */
export function arenaSentence(s: ArenaStats, kind: QcKind, fmtCount: (v: number) => string, fmtBytes: (v: number) => string, freeMemory?: number): string {
  if (s.totalUnits === 0) return 'The query cache is off or has size 0: nothing is stored.';
  const free = freeMemory !== undefined && Number.isFinite(freeMemory) ? freeMemory : s.freeBytes;
  const n = (v: number, one: string, many?: string) => `${fmtCount(v)} ${noun(v, one, many)}`;
  if (kind === 'aurora') {
    return `${n(s.queries, 'cached result')} (in LRU order, oldest left; each entry drawn at its exact size); ${fmtBytes(free)} unused.`;
  }
  return (
    `${n(s.queries, 'query', 'queries')} with ${n(s.resultBlocks, 'result block')}; ` +
    `${fmtBytes(free)} free in ${n(s.freeBlocks, 'block')}, the largest ${fmtBytes(s.largestFreeBytes)}; ` +
    `${n(s.fragments, 'fragment')} under 4 KiB (${fmtBytes(s.fragmentBytes)}).`
  );
}

/** The cache's name in the view's caption. */
export function qcKindWords(kind: QcKind): string {
  return kind === 'mysql' ? 'MySQL 5.7 query cache' : kind === 'aurora' ? 'Aurora-style query cache (conceptual)' : 'no query cache';
}

/** The view's caption: the side's label, then the cache's name, unless the label names
 *  the cache already ("A: MySQL 5.7 query cache", "B: Aurora (conceptual cache)"). */
export function qcCaption(label: string | undefined, kind: QcKind): string {
  const brand = kind === 'mysql' ? 'MySQL' : kind === 'aurora' ? 'Aurora' : null;
  if (!label) return qcKindWords(kind);
  return brand && label.includes(brand) ? label : `${label} · ${qcKindWords(kind)}`;
}
