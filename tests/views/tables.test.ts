// Counters table rows (MySQL names in reading order, B ÷ A), table sizes with the
// article's reference and scale, and the threads bar segments.
import { describe, expect, it } from 'vitest';
import type { Summary } from '../../web/src/engine/frames';
import { metricsRows } from '../../web/src/views/metrics/layout';
import { counterHelp, counterOrder } from '../../web/src/views/metrics/counters';
import { scaleStatement, sizeMatrix, sizeRows } from '../../web/src/views/sizes/layout';
import { threadSegments, threadsSentence } from '../../web/src/charts/threadsBar/layout';
import { hasQcLock } from '../../web/src/charts/common/threadStates';
import { formatBytes, formatCount, formatFixed, formatSI } from '../../web/src/charts/common/format';
import { formatRatio } from '../../web/src/views/metrics/layout';

function summary(counters: Record<string, number>, tables: Summary['tables'] = []): Summary {
  return {
    timeNs: 0,
    counters,
    tables,
    indexes: [],
    latency: { count: 0, meanUs: 0, p50Us: 0, p95Us: 0, p99Us: 0 },
    threads: { total: 0, running: 0, waitingCpu: 0, waitingIo: 0, spinning: 0, sleepingOnLatch: 0 },
    done: false,
    finishedNs: null,
    canFinish: false,
  };
}

describe('metricsRows', () => {
  const rows = metricsRows([
    { label: 'A', summary: summary({ zzz_custom: 1, index_page_splits: 5, Innodb_pages_created: 10, Innodb_buffer_pool_reads: 0 }) },
    { label: 'B', summary: summary({ Innodb_pages_created: 25_000, Innodb_buffer_pool_reads: 3, index_page_splits: 5 }) },
  ]);
  it('lists every counter, known ones in reading order, then the rest', () => {
    expect(rows.map((r) => r.name)).toEqual(['Innodb_buffer_pool_reads', 'Innodb_pages_created', 'index_page_splits', 'zzz_custom']);
  });
  it('formats values with separators and gives B ÷ A', () => {
    expect(rows.map((r) => [r.cells, r.ratio])).toEqual([
      [['0', '3'], '–'],
      [['10', '25,000'], '2,500×'],
      [['5', '5'], '1×'],
      [['1', '–'], '–'],
    ]);
  });
  it('explains each counter in plain words', () => {
    expect(rows[0].help).toMatch(/disk/);
    expect(counterHelp('made_up')).toMatch(/made_up/);
  });
  it('no ratio column for a single side', () => {
    expect(metricsRows([{ label: 'A', summary: summary({ x: 1 }) }])[0].ratio).toBeUndefined();
  });
  it('leaves out the Qcache_ counters when no side has a query cache', () => {
    const one = [{ label: 'A', summary: summary({ Qcache_hits: 0, Qcache_free_blocks: 0, qcache_lock_waits: 0, Innodb_pages_created: 1 }) }];
    expect(metricsRows(one, false).map((r) => r.name)).toEqual(['Innodb_pages_created']);
    expect(metricsRows(one).map((r) => r.name)).toEqual(['Qcache_hits', 'Qcache_free_blocks', 'qcache_lock_waits', 'Innodb_pages_created'].sort(counterOrder));
  });
});

describe('sizeRows', () => {
  const seq = { table: 'test_sequential_PK', rows: 1000, dataLength: 32_000, indexLength: 14_000, dataPerRow: 32, indexPerRow: 14 };
  const rnd = { table: 'test_random_PK', rows: 1000, dataLength: 71_000, indexLength: 49_000, dataPerRow: 71, indexPerRow: 49 };
  const ref = [
    { table: 'test_sequential_PK', dataPerRow: 32, indexPerRow: 14, totalRatio: 1, rows: 1_840_490_000 },
    { table: 'test_random_PK', dataPerRow: 71, indexPerRow: 49, totalRatio: 2.24, rows: 1_586_250_000 },
    { table: 'other', dataPerRow: 1, indexPerRow: 1, totalRatio: 1 },
  ];
  const { rows, unmatched } = sizeRows(
    [
      { label: 'A', summary: summary({}, [seq]) },
      { label: 'B', summary: summary({}, [rnd]) },
    ],
    ref,
  );
  it('one row per side and table, information_schema columns', () => {
    expect(rows.map((r) => [r.side, r.table, r.total, Math.round(r.idxFrac * 100) / 100, Math.round(r.totalRatio * 100) / 100])).toEqual([
      ['A', 'test_sequential_PK', 46_000, 0.44, 1],
      ['B', 'test_random_PK', 120_000, 0.69, 2.61],
    ]);
  });
  it('matches the article by table name and states the scale', () => {
    expect(rows[1].reference?.dataPerRow).toBe(71);
    expect(rows[1].scale).toBe(1_586_250);
    expect(unmatched.map((u) => u.table)).toEqual(['other']);
    expect(scaleStatement(rows, formatSI)).toContain('test_random_PK: 1.59G rows in the article vs 1k simulated (1 : 1.59M)');
  });
  it('formats an information_schema-like matrix with article columns', () => {
    const f = { count: formatCount, bytes: formatBytes, fixed2: (v: number) => formatFixed(v, 2), ratio: (v: number) => formatRatio(1, v) };
    const m = sizeMatrix(rows, unmatched, true, f);
    expect(m.columns.map((c) => c.key)).toEqual(['rows', 'Data', 'DataRow', 'idx', 'IdxRow', 'totSize', 'idxfrac', 'size ×', 'article DataRow', 'article IdxRow', 'article size ×']);
    expect(m.lines[1]).toEqual({
      side: 'B',
      table: 'test_random_PK',
      values: ['1,000', '69.3 KiB', '71', '47.9 KiB', '49', '117 KiB', '0.69', '2.61×', '71', '49', '2.24×'],
    });
    expect(m.lines[2]).toMatchObject({ side: 'article', table: 'other' });
    expect(sizeMatrix(rows, [], false, f).columns).toHaveLength(8);
  });
  it('no reference rows → no scale statement', () => {
    expect(scaleStatement(sizeRows([{ label: 'A', summary: summary({}, [seq]) }]).rows, formatSI)).toBeUndefined();
  });
});

describe('threadSegments', () => {
  it('stacks running, waiting for CPU, spinning, asleep on a latch, waiting for the query cache lock, waiting for IO, idle', () => {
    const s = threadSegments({ total: 24, running: 8, waitingCpu: 4, waitingIo: 2, spinning: 3, sleepingOnLatch: 2, waitingQcLock: 4 }, 240);
    expect(s.map((x) => [x.key, x.count, x.x, x.width, x.hatch, x.cross])).toEqual([
      ['running', 8, 0, 80, false, false],
      ['waitingCpu', 4, 80, 40, true, false],
      ['spinning', 3, 120, 30, false, false],
      ['sleeping', 2, 150, 20, true, false],
      ['qcLock', 4, 170, 40, true, true],
      ['waitingIo', 2, 210, 20, false, false],
      ['idle', 1, 230, 10, true, false],
    ]);
    expect(s.map((x) => x.label)).toEqual([
      'running',
      'waiting for a CPU',
      'spinning on a latch',
      'asleep on a latch',
      'waiting for query cache lock',
      'waiting for IO',
      'idle',
    ]);
  });
  it('says every count, or why none is busy: all finished, or none at this instant (0 of everything read as a broken bar)', () => {
    const busy = { total: 3, running: 2, waitingCpu: 0, waitingIo: 1, spinning: 0, sleepingOnLatch: 0, waitingQcLock: 0 };
    expect(threadsSentence(busy, threadSegments(busy, 30), 'A')).toBe(
      'A: 3 client threads: 2 running, 0 waiting for a CPU, 0 spinning on a latch, 0 asleep on a latch, 0 waiting for query cache lock, 1 waiting for IO, 0 idle',
    );
    const done = { total: 0, running: 0, waitingCpu: 0, waitingIo: 0, spinning: 0, sleepingOnLatch: 0, waitingQcLock: 0 };
    expect(threadsSentence(done, threadSegments(done, 30), undefined, true, true)).toBe('no client threads left: every client has finished its work');
    // a run that stopped at its duration (a fixed rate): its clients did not finish anything
    expect(threadsSentence(done, threadSegments(done, 30), undefined, true)).toBe('the run has reached its end; no client thread is busy');
    // a fixed-rate run between transactions: none busy now, the run goes on
    expect(threadsSentence(done, threadSegments(done, 30), 'B')).toBe('B: no client thread is busy at this instant');
  });
  it('counts every client: the ones not busy are idle (a fixed-rate load between its transactions)', () => {
    const t = { clients: 2048, total: 2, running: 2, waitingCpu: 0, waitingIo: 0, spinning: 0, sleepingOnLatch: 0, waitingQcLock: 0 };
    const segs = threadSegments(t, 2048);
    expect(segs.map((x) => [x.key, x.count, x.width])).toEqual([
      ['running', 2, 2],
      ['waitingCpu', 0, 0],
      ['spinning', 0, 0],
      ['sleeping', 0, 0],
      ['qcLock', 0, 0],
      ['waitingIo', 0, 0],
      ['idle', 2046, 2046],
    ]);
    expect(threadsSentence(t, segs, 'A')).toBe(
      'A: 2,048 client threads: 2 running, 0 waiting for a CPU, 0 spinning on a latch, 0 asleep on a latch, 0 waiting for query cache lock, 0 waiting for IO, 2,046 idle',
    );
  });
  it('an older summary without the latch and query cache states draws them as 0', () => {
    const s = threadSegments({ total: 15, running: 8, waitingCpu: 4, waitingIo: 2 }, 150);
    expect(s.map((x) => [x.key, x.count, x.x, x.width])).toEqual([
      ['running', 8, 0, 80],
      ['waitingCpu', 4, 80, 40],
      ['spinning', 0, 120, 0],
      ['sleeping', 0, 120, 0],
      ['qcLock', 0, 120, 0],
      ['waitingIo', 2, 120, 20],
      ['idle', 1, 140, 10],
    ]);
  });
  it('leaves the query cache lock out where no MySQL query cache is in use (a wait that cannot happen there)', () => {
    const busy = { total: 3, running: 2, waitingCpu: 0, waitingIo: 1, spinning: 0, sleepingOnLatch: 0, waitingQcLock: 0 };
    const segs = threadSegments(busy, 30, false);
    expect(segs.map((x) => x.key)).toEqual(['running', 'waitingCpu', 'spinning', 'sleeping', 'waitingIo', 'idle']);
    expect(threadsSentence(busy, segs)).toBe('3 client threads: 2 running, 0 waiting for a CPU, 0 spinning on a latch, 0 asleep on a latch, 1 waiting for IO, 0 idle');
    expect(hasQcLock({ qcKind: 'mysql', qcOff: false })).toBe(true);
    expect(hasQcLock({ qcKind: 'mysql', qcOff: true })).toBe(false);
    expect(hasQcLock({ qcKind: 'aurora', qcOff: false })).toBe(false);
    expect(hasQcLock({ qcKind: 'none', qcOff: false })).toBe(false);
  });
  it('never negative when the states exceed the total; zero threads → zero widths', () => {
    expect(threadSegments({ total: 2, running: 2, waitingCpu: 1, waitingIo: 0, spinning: 1, sleepingOnLatch: 0 }, 40).map((x) => x.width)).toEqual([20, 10, 10, 0, 0, 0, 0]);
    expect(threadSegments({ total: 0, running: 0, waitingCpu: 0, waitingIo: 0 }, 30).every((x) => x.width === 0)).toBe(true);
  });
});
