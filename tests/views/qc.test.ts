// The query cache panel's pure layout: block kinds (fragments under 4 KiB), the wrapped
// strip (blocks split at row ends, slivers at least 1 px), statistics, events placed
// by byte offset (slow motion vs counts), and the lock (holder, queue, rates, Aurora).
import { describe, expect, it } from 'vitest';
import { QC_BLOCK_FREE as F, QC_BLOCK_QUERY as Q, QC_BLOCK_RESULT as R, QC_BLOCK_RES_CONT as RC, QC_BLOCK_TABLE as T, type QcLock, type TraceEvent } from '../../web/src/engine/frames';
import { arenaKind, arenaRows, arenaSentence, eventMarks, eventsSentence, layoutArena, lockModel, lockRates, MAX_ANIMATED_EVENTS, MAX_QUEUE_DOTS, offsetPoint, qcCaption } from '../../web/src/views/qc/layout';
import { formatCount } from '../../web/src/charts/common/format';

// qc_blocks() pairs written in 512 B units, as [type, bytes] (the engine gives bytes).
const u32 = (...v: number[]) => Uint32Array.from(v.map((x, i) => (i % 2 ? x * 512 : x)));
const fmt = (v: number) => String(v);
const bytes = (v: number) => `${v} B`;

describe('arenaKind', () => {
  it('query, result (and its continuations), the result being written, table; free under 8 units is a fragment', () => {
    expect([arenaKind(Q, 512), arenaKind(R, 4096), arenaKind(RC, 1024), arenaKind(4, 4096), arenaKind(T, 512)]).toEqual(['query', 'result', 'result', 'writing', 'table']);
    expect(arenaKind(F, 3584)).toBe('fragment');
    expect(arenaKind(F, 4095)).toBe('fragment'); // under the 4 KiB a new result asks for
    expect(arenaKind(F, 4096)).toBe('free');
  });
});

describe('layoutArena', () => {
  it('one row while the units fit the width; blocks in order, widths proportional', () => {
    // 1 table + 1 query + 8 result + 2 free (fragment) + 20 free = 32 units on 64 px
    const l = layoutArena(u32(T, 1, Q, 1, R, 8, F, 2, F, 20), 64);
    expect(l.rows).toBe(1);
    expect(l.scale).toBe(2);
    expect(l.segs.map((s) => [s.kind, s.x, s.y, s.width])).toEqual([
      ['table', 0, 0, 2],
      ['query', 2, 0, 2],
      ['result', 4, 0, 16],
      ['fragment', 20, 0, 4],
      ['free', 24, 0, 40],
    ]);
    expect(l.stats).toEqual({
      totalUnits: 32,
      blocks: 5,
      queries: 1,
      resultBlocks: 1,
      tables: 1,
      freeBlocks: 2,
      fragments: 1,
      freeBytes: 22 * 512,
      fragmentBytes: 1024,
      largestFreeBytes: 20 * 512,
      usedBytes: 10 * 512,
    });
    expect(l.starts).toEqual([0, 1, 2, 10, 12]);
  });

  it('wraps into rows of about one unit per px and splits a block at the row end', () => {
    expect(arenaRows(512, 600)).toBe(1);
    expect(arenaRows(2048, 600)).toBe(4);
    expect(arenaRows(32768, 600)).toBe(8); // 16 MiB: at most 8 rows
    expect(arenaRows(0, 600)).toBe(0);
    // 300 units on 100 px: 3 rows, 1 px per unit; a 150-unit result from unit 50 spans two rows
    const l = layoutArena(u32(Q, 50, R, 150, F, 100), 100);
    expect(l.rows).toBe(3);
    expect(l.segs.map((s) => [s.kind, s.x, s.y, s.width, s.first])).toEqual([
      ['query', 0, 0, 50, true],
      ['result', 50, 0, 50, true],
      ['result', 0, 1, 100, false],
      ['free', 0, 2, 100, true],
    ]);
  });

  it('a fragment finer than a pixel is still a 1 px sliver', () => {
    // 32,768 units (16 MiB) on 100 px: 8 rows, 800 px for 32,768 units
    const l = layoutArena(u32(Q, 16000, F, 1, R, 16767), 100);
    const frag = l.segs.find((s) => s.kind === 'fragment');
    expect(frag?.width).toBe(1);
    expect(frag?.y).toBe(3); // 16000 / 32768 * 800 = 390.6 px → row 3
  });

  it('nothing to draw without a cache', () => {
    const l = layoutArena(u32(), 300);
    expect(l.rows).toBe(0);
    expect(l.segs).toEqual([]);
    expect(arenaSentence(l.stats, 'mysql', fmt, bytes)).toBe('The query cache is off or has size 0: nothing is stored.');
  });

  it('says what the strip holds, MySQL and Aurora', () => {
    const l = layoutArena(u32(T, 1, Q, 1, R, 8, F, 2, F, 20), 64);
    expect(arenaSentence(l.stats, 'mysql', fmt, bytes)).toBe(
      '1 query with 1 result block; 11264 B free in 2 blocks, the largest 10240 B; 1 fragment under 4 KiB (1024 B).',
    );
    // the free total from the counters (Qcache_free_memory) when given
    expect(arenaSentence(l.stats, 'mysql', fmt, bytes, 11000)).toBe(
      '1 query with 1 result block; 11000 B free in 2 blocks, the largest 10240 B; 1 fragment under 4 KiB (1024 B).',
    );
    // exact sizes: a 3,700 B block is a fragment, and the largest reads 3700 B, not 4 KiB
    // (in rounded-up units it was 8 of 512 B: "the largest 4 KiB", no fragment)
    const exact = layoutArena(Uint32Array.from([Q, 600, R, 3000, F, 3700, F, 1200, R, 1740]), 64);
    expect(arenaSentence(exact.stats, 'mysql', fmt, bytes)).toBe(
      '1 query with 2 result blocks; 4900 B free in 2 blocks, the largest 3700 B; 2 fragments under 4 KiB (4900 B).',
    );
    expect(exact.stats.totalUnits).toBe(20); // 10,240 B: the blocks tile the arena exactly
    // counts other than 1 take the plural; a fresh arena is one free block
    const two = layoutArena(u32(Q, 1, R, 2, Q, 1, R, 2, F, 30), 64);
    expect(arenaSentence(two.stats, 'mysql', fmt, bytes)).toBe(
      '2 queries with 2 result blocks; 15360 B free in 1 block, the largest 15360 B; 0 fragments under 4 KiB (0 B).',
    );
    // Aurora: result entries in LRU order then the unused rest, never a fragment
    const a = layoutArena(u32(R, 1, 4, 1, F, 2), 64, 'aurora');
    expect(a.segs.map((s) => s.kind)).toEqual(['result', 'writing', 'free']);
    expect([a.stats.queries, a.stats.fragments]).toEqual([2, 0]);
    expect(arenaSentence(a.stats, 'aurora', fmt, bytes)).toBe('2 cached results (in LRU order, oldest left; each entry drawn at its exact size); 1024 B unused.');
    const one = layoutArena(u32(R, 1, F, 3), 64, 'aurora');
    expect(arenaSentence(one.stats, 'aurora', fmt, bytes)).toBe('1 cached result (in LRU order, oldest left; each entry drawn at its exact size); 1536 B unused.');
  });
});

describe('eventMarks', () => {
  const l = layoutArena(u32(Q, 50, R, 150, F, 100), 100); // 1 px per unit, 3 rows
  it('places prunes and stores at their byte offsets; counts invalidations', () => {
    const ev: TraceEvent[] = [
      { t: 1, kind: 'QcPrune', offset: 120 * 512 },
      { t: 2, kind: 'QcInsert', offset: 0, bytes: 1024 },
      { t: 3, kind: 'QcInvalidate', queries: 7 },
      { t: 4, kind: 'PageRead', index: 0, page: 3 },
    ];
    const m = eventMarks(ev, l, 'mysql');
    expect([m.prunes, m.inserts, m.results, m.invalidations, m.invalidatedQueries, m.animated]).toEqual([1, 1, 0, 1, 7, true]);
    expect(m.marks).toEqual([
      { kind: 'prune', x: 20, y: 1, width: 3, t: 1 },
      { kind: 'insert', x: 0, y: 0, width: 3, t: 2 },
    ]);
  });
  it('many events in one frame: counted, not marked one by one', () => {
    const ev: TraceEvent[] = Array.from({ length: MAX_ANIMATED_EVENTS + 1 }, (_, i) => ({ t: i, kind: 'QcPrune', offset: 0 }));
    const m = eventMarks(ev, l, 'mysql');
    expect(m.prunes).toBe(MAX_ANIMATED_EVENTS + 1);
    expect(m.animated).toBe(false);
    expect(m.marks).toEqual([]);
  });
  it('Aurora has no arena offsets: counted only', () => {
    const m = eventMarks([{ t: 1, kind: 'QcPrune', offset: 0 }], l, 'aurora');
    expect(m.prunes).toBe(1);
    expect(m.marks).toEqual([]);
  });
  it('the line under the strip names every kind of event it counted', () => {
    const many: TraceEvent[] = [
      ...Array.from({ length: 731 }, (_, i): TraceEvent => ({ t: i, kind: 'QcInsert', offset: 0, bytes: 512 })),
      ...Array.from({ length: 698 }, (_, i): TraceEvent => ({ t: i, kind: 'QcResult', offset: 0, bytes: 512 })),
      ...Array.from({ length: 633 }, (_, i): TraceEvent => ({ t: i, kind: 'QcPrune', offset: 0 })),
    ];
    expect(eventsSentence(eventMarks(many, l, 'mysql'), 'mysql', formatCount)).toBe('Last frame: 731 queries stored · 698 results completed · 633 pruned (✕) · too many to mark one by one');
    // results alone can be too many to mark: the line says how many there were
    const results = Array.from({ length: MAX_ANIMATED_EVENTS + 1 }, (_, i): TraceEvent => ({ t: i, kind: 'QcResult', offset: 0, bytes: 512 }));
    expect(eventsSentence(eventMarks(results, l, 'mysql'), 'mysql', formatCount)).toBe(`Last frame: ${MAX_ANIMATED_EVENTS + 1} results completed · too many to mark one by one`);
    const one: TraceEvent[] = [
      { t: 1, kind: 'QcInsert', offset: 0, bytes: 512 },
      { t: 2, kind: 'QcResult', offset: 0, bytes: 512 },
      { t: 3, kind: 'QcInvalidate', queries: 7 },
    ];
    expect(eventsSentence(eventMarks(one, l, 'mysql'), 'mysql', formatCount)).toBe('Last frame: 1 query stored · 1 result completed · a write invalidated 7 queries');
    const writes: TraceEvent[] = [
      { t: 1, kind: 'QcInvalidate', queries: 1 },
      { t: 2, kind: 'QcInvalidate', queries: 0 },
    ];
    expect(eventsSentence(eventMarks(writes, l, 'mysql'), 'mysql', formatCount)).toBe('Last frame: 2 writes invalidated 1 query');
    // Aurora's are never marked (no arena), so not "too many"
    expect(eventsSentence(eventMarks(many, l, 'aurora'), 'aurora', formatCount)).toBe('Last frame: 731 queries stored · 698 results completed · 633 pruned (✕)');
    expect(eventsSentence(eventMarks([], l, 'mysql'), 'mysql', formatCount)).toBe('\u00a0');
  });
  it('offsetPoint clamps to the strip', () => {
    expect(offsetPoint(l, 299 * 512)).toEqual({ x: 99, y: 2 });
    expect(offsetPoint(l, 10_000 * 512)).toEqual({ x: 99, y: 2 });
  });
});

describe('lockModel / lockRates', () => {
  const lock: QcLock = { holder: 17, waiting: 2040, acquisitions: 1000, waits: 400, timeouts: 3 };
  it('MySQL: the holder, a capped queue and the counters in words', () => {
    const m = lockModel(lock, 'mysql', fmt);
    expect(m).toEqual({
      holder: 'held by thread 17',
      held: true,
      waiting: 2040,
      queueDots: MAX_QUEUE_DOTS,
      queueMore: 2040 - MAX_QUEUE_DOTS,
      sentence: 'The query cache lock is held by thread 17; 2040 threads are asleep in its queue (the Client threads view also counts those spinning for it or just woken). Since the start: 1000 acquisitions, 400 found it taken, 3 gave up after 50 ms.',
    });
    expect(lockModel({ ...lock, holder: null, waiting: 0 }, 'mysql', fmt).holder).toBe('free');
    // with the inner mutex's counters (structure_guard_mutex)
    expect(lockModel({ ...lock, mutex_spin_waits: 12, mutex_os_waits: 0 }, 'mysql', fmt).sentence).toMatch(/3 gave up after 50 ms; its inner mutex: 12 spin waits, 0 sleeps\.$/);
  });
  it('a MySQL cache switched off: the lock is never taken (while its counters say so)', () => {
    const idle: QcLock = { holder: null, waiting: 0, acquisitions: 0, waits: 0, timeouts: 0 };
    const m = lockModel(idle, 'mysql', fmt, true);
    expect([m.holder, m.held, m.waiting, m.queueDots]).toEqual(['never taken', false, 0, 0]);
    expect(m.sentence).toBe('query_cache_type = OFF: no thread has taken the query cache lock since the start, so none waits for it.');
    // on, with the same idle counters: free; off but taken (a write's invalidation): as usual
    expect(lockModel(idle, 'mysql', fmt).holder).toBe('free');
    expect(lockModel({ ...idle, acquisitions: 3 }, 'mysql', fmt, true).holder).toBe('free');
    expect(lockModel(lock, 'mysql', fmt, true).holder).toBe('held by thread 17');
  });
  it('Aurora: no global lock, nobody waits', () => {
    const m = lockModel(lock, 'aurora', fmt);
    expect([m.holder, m.held, m.waiting, m.queueDots]).toEqual(['no global lock', false, 0, 0]);
    expect(m.sentence).toMatch(/run in parallel/);
  });
  it('rates per simulated second since the start', () => {
    // Since the start: the same instant gives the same rates however it was reached.
    expect(lockRates(lock, 2e9)).toEqual({ acquisitions: lock.acquisitions / 2, waits: lock.waits / 2, timeouts: lock.timeouts / 2 });
    expect(lockRates(lock, 0.5e9).acquisitions).toBe(lock.acquisitions * 2);
    expect(Number.isNaN(lockRates(lock, 0).acquisitions)).toBe(true);
  });
});

describe('qcCaption', () => {
  it('names the cache after the side label, unless the label names it already', () => {
    expect(qcCaption(undefined, 'mysql')).toBe('MySQL 5.7 query cache');
    expect(qcCaption('A: MySQL 5.7 query cache', 'mysql')).toBe('A: MySQL 5.7 query cache');
    expect(qcCaption('B: Aurora (conceptual cache)', 'aurora')).toBe('B: Aurora (conceptual cache)');
    expect(qcCaption('A: cache on', 'mysql')).toBe('A: cache on · MySQL 5.7 query cache');
    expect(qcCaption('B: MySQL 5.7, cache off', 'none')).toBe('B: MySQL 5.7, cache off · no query cache');
    expect(qcCaption('A: Aurora writer', 'mysql')).toBe('A: Aurora writer · MySQL 5.7 query cache');
  });
});
