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

/** A partition's load, hash nodes per cell in one unit whatever its size ("0.62 a cell",
 * "787 a cell": a percentage below 1 sat beside "6.2 a cell" for the same kind of box);
 * "–" without cells. */
export function loadText(load: number): string {
  if (!Number.isFinite(load)) return '–';
  if (load < 1) return `${load.toFixed(2)} a cell`;
  return `${load < 10 ? load.toFixed(1) : Math.round(load).toLocaleString('en-US')} a cell`;
}

/** True when the partitions are too many for detailed boxes. */
export function compactParts(n: number): boolean {
  return n > MAX_DETAILED_PARTS;
}

/** Past this many partitions, partitions that were never used fold into one line. */
export const MAX_LISTED_PARTS = 64;

/** A box that has never held a node or seen its latch taken: nothing to draw. */
export function isIdle(b: AhiPartBox): boolean {
  return b.nodes === 0 && b.heapPages === 0 && !b.xHeld && b.readers === 0 && b.sleepers === 0 && b.xSpinWaits === 0 && b.xOsWaits === 0;
}

/** "p0–p6, p8, p10–p511": partition numbers (ascending) as ranges. */
export function partRanges(parts: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < parts.length; ) {
    let j = i;
    while (j + 1 < parts.length && parts[j + 1] === parts[j] + 1) j++;
    out.push(j === i ? `p${parts[i]}` : `p${parts[i]}–p${parts[j]}`);
    i = j + 1;
  }
  return out.join(', ');
}

/**
 * The boxes to draw. Up to MAX_LISTED_PARTS partitions every one is drawn; past that
 * (e.g. innodb_adaptive_hash_index_parts = 512 with one hot index) the idle ones fold
 * into one line, so the busy few are not lost in a wall of empty boxes.
 */
export function listedParts(boxes: AhiPartBox[], fmt: (v: number) => string): { shown: AhiPartBox[]; idleLine: string | null } {
  if (boxes.length <= MAX_LISTED_PARTS) return { shown: boxes, idleLine: null };
  const idle = boxes.filter(isIdle);
  if (idle.length === 0) return { shown: boxes, idleLine: null };
  const shown = boxes.filter((b) => !isIdle(b));
  const which = partRanges(idle.map((b) => b.part));
  return {
    shown,
    idleLine: `${fmt(idle.length)} idle partitions not drawn (no nodes, latch never waited for): ${which}`,
  };
}
