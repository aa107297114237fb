// Pure layout of the AHI panel: ahi_parts_json() partitions → one box each (hash load,
// node heap, latch state, the queue of sleepers, cumulative waits), and the counters →
// the hit ratio and rows added/removed, as numbers and words.
import type { AhiPart } from '../../engine/frames';

/** Sleepers drawn as queue squares per box; more show as "+N". */
export const MAX_QUEUE_DOTS = 16;
/** Past this many partitions the boxes become compact cells (details in their title). */
export const MAX_DETAILED_PARTS = 16;

/** View model of one partition box. */
export interface AhiPartBox {
  part: number;
  title: string; // "partition 7"
  nodes: number;
  cells: number;
  /** nodes ÷ cells (hash table load; may pass 1: chains), NaN without cells. */
  load: number;
  /** Width share of the load bar, 0..1. */
  loadBar: number;
  heapPages: number;
  xHeld: boolean;
  readers: number;
  sleepers: number;
  /** Squares to draw for the sleepers' queue, and how many more there are. */
  queueDots: number;
  queueMore: number;
  xSpinWaits: number;
  xOsWaits: number;
  /** Everything in one sentence (compact cells' tooltip, screen readers). */
  sentence: string;
}

/** The panel's headline numbers. */
export interface AhiSummary {
  searches: number; // adaptive_hash_searches
  searchesBtree: number; // adaptive_hash_searches_btree
  /** searches ÷ (searches + searches_btree), cumulative; NaN before any lookup. */
  hitRatio: number;
  rowsAdded: number;
  rowsRemoved: number;
  pagesAdded: number;
  pagesRemoved: number;
  nodes: number; // over all partitions
  sleepers: number; // over all partitions
  xHeld: number; // partitions x-latched now
  xSpinWaits: number;
  xOsWaits: number;
}

/** One box per partition, in partition order. `fmt` formats counts (thousands separators). */
export function ahiPartBoxes(parts: AhiPart[], fmt: (v: number) => string): AhiPartBox[] {
  return parts.map((p) => {
    const load = p.cells > 0 ? p.nodes / p.cells : NaN;
    const queueDots = Math.min(MAX_QUEUE_DOTS, Math.max(0, p.sleepers));
    const latch = p.xHeld ? 'x-latched' : p.readers > 0 ? `${fmt(p.readers)} readers` : 'latch free';
    const sentence =
      `partition ${p.part}: ${fmt(p.nodes)} nodes in ${fmt(p.cells)} cells, ${fmt(p.heapPages)} heap pages, ${latch}, ` +
      `${fmt(p.sleepers)} asleep waiting; ${fmt(p.xSpinWaits)} spin waits and ${fmt(p.xOsWaits)} OS waits for the x-latch so far`;
    return {
      part: p.part,
      title: `partition ${p.part}`,
      nodes: p.nodes,
      cells: p.cells,
      load,
      loadBar: Number.isFinite(load) ? Math.min(1, Math.max(0, load)) : 0,
      heapPages: p.heapPages,
      xHeld: p.xHeld,
      readers: p.readers,
      sleepers: p.sleepers,
      queueDots,
      queueMore: Math.max(0, p.sleepers - queueDots),
      xSpinWaits: p.xSpinWaits,
      xOsWaits: p.xOsWaits,
      sentence,
    };
  });
}

/** Headline numbers from the partitions and Summary.counters (missing counters = 0). */
export function ahiSummary(parts: AhiPart[], counters: Record<string, number>): AhiSummary {
  const c = (name: string) => counters[name] ?? 0;
  const searches = c('adaptive_hash_searches');
  const searchesBtree = c('adaptive_hash_searches_btree');
  const lookups = searches + searchesBtree;
  const sum = (f: (p: AhiPart) => number) => parts.reduce((a, p) => a + f(p), 0);
  return {
    searches,
    searchesBtree,
    hitRatio: lookups > 0 ? searches / lookups : NaN,
    rowsAdded: c('adaptive_hash_rows_added'),
    rowsRemoved: c('adaptive_hash_rows_removed'),
    pagesAdded: c('adaptive_hash_pages_added'),
    pagesRemoved: c('adaptive_hash_pages_removed'),
    nodes: sum((p) => p.nodes),
    sleepers: sum((p) => p.sleepers),
    xHeld: sum((p) => (p.xHeld ? 1 : 0)),
    xSpinWaits: sum((p) => p.xSpinWaits),
    xOsWaits: sum((p) => p.xOsWaits),
  };
}

/** True when the partitions are too many for detailed boxes. */
export function compactParts(n: number): boolean {
  return n > MAX_DETAILED_PARTS;
}
