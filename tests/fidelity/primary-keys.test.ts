// FIDELITY.md rows PK-1, PK-2, PK-3, through WASM, on the primary-keys lesson's own
// scenario files. Scale: 1M rows (the article had ~1.8 billion), same record formats,
// table_size scaled with the rows (see the lesson); data vs pool ratios as stated.
// The lesson quotes the figures of its own steps' runs; the tests check its text too.
import { describe, expect, it } from 'vitest';
import { lessonScenario, loadEngine, runToEnd, type SummaryLite } from '../wasm/loadEngine';
import { grouped, lessonText, pct } from './lessonText';

const Simulation = loadEngine();

/** Inserts `rows` rows through the clients, as the article filled its tables (with
 *  idx_number in place; a prepared table gets its secondary index built afterwards,
 *  sorted, as sysbench's CREATE INDEX does), and reports the sizes. */
function sizes(file: string, rows: number): SummaryLite {
  const sim = new Simulation(lessonScenario(file, { 'workload.max_rows': rows }));
  const s = runToEnd(sim);
  sim.free();
  return s;
}

const within = (x: number, target: number, percent: number) => Math.abs(x - target) / target <= percent / 100;
const lesson = lessonText('primary-keys');

describe('PK-1 / PK-2: bytes per row as information_schema.TABLES reports them', () => {
  // The article's tables had 1840M (sequential) and 1586M (random) rows: 0.862 as many.
  const seq = sizes('pk-sequential.json', 1_000_000);
  const rnd = sizes('pk-random.json', 862_000);
  const S = seq.tables[0];
  const R = rnd.tables[0];

  it('PK-1 sequential INT PK: data 32 B/row, index 14 B/row (±20%), leaves ~15/16 full', () => {
    expect(within(S.dataPerRow, 32, 20), `data ${S.dataPerRow}`).toBe(true);
    expect(within(S.indexPerRow, 14, 20), `index ${S.indexPerRow}`).toBe(true);
    expect(seq.indexes[0].avgLeafFill).toBeGreaterThan(0.91);
    expect(seq.indexes[0].avgLeafFill).toBeLessThan(0.95);
  });

  it('PK-2 random VARCHAR(26) PK: data 71 B/row, index 49 B/row (±20%), total 1.8–2.7x', () => {
    expect(within(R.dataPerRow, 71, 20), `data ${R.dataPerRow}`).toBe(true);
    expect(within(R.indexPerRow, 49, 20), `index ${R.indexPerRow}`).toBe(true);
    const ratio = (R.dataLength + R.indexLength) / (S.dataLength + S.indexLength);
    expect(ratio, `total ratio ${ratio}`).toBeGreaterThanOrEqual(1.8);
    expect(ratio).toBeLessThanOrEqual(2.7);
    // random keys split pages in the middle: fill near ln 2, far below 15/16
    expect(rnd.indexes[0].avgLeafFill).toBeGreaterThan(0.6);
    expect(rnd.indexes[0].avgLeafFill).toBeLessThan(0.74);
    expect(rnd.indexes[0].splits.middle).toBeGreaterThan(10 * rnd.indexes[0].splits.toRight);
  });
});

/** Runs the lesson's seq-vs-random step as a reader first sees it: 200,000 rows
 *  inserted by the clients, table_size 10, the scenario's seed (`rows` for its
 *  idx-number-fill step, 20,000). */
function lessonStep(file: string, rows = 200_000): SummaryLite {
  const sim = new Simulation(lessonScenario(file, { 'workload.max_rows': rows, 'workload.table_size': 10 }));
  const s = runToEnd(sim);
  sim.free();
  return s;
}

describe('The lesson\'s own claims for its 200,000-row step (seq-vs-random)', () => {
  const seq = lessonStep('pk-sequential.json');
  const rnd = lessonStep('pk-random.json');

  it('random leaves read 62–66% full and 70–76 data bytes per row; about 2.6x per row', () => {
    const fill = rnd.indexes[0].avgLeafFill;
    expect(fill, `fill ${fill}`).toBeGreaterThanOrEqual(0.62);
    expect(fill).toBeLessThanOrEqual(0.66);
    const R = rnd.tables[0];
    const S = seq.tables[0];
    expect(R.dataPerRow, `data ${R.dataPerRow}`).toBeGreaterThanOrEqual(70);
    expect(R.dataPerRow).toBeLessThanOrEqual(77);
    const ratio = (R.dataPerRow + R.indexPerRow) / (S.dataPerRow + S.indexPerRow);
    expect(ratio, `per-row ratio ${ratio}`).toBeGreaterThanOrEqual(2.3);
    expect(ratio).toBeLessThanOrEqual(2.9);
  });

  it('sequential leaves hold the rows per leaf the lesson quotes', () => {
    const perLeaf = Math.round(200_000 / seq.indexes[0].leafPages);
    expect(lesson).toContain(`roughly ${perLeaf} rows of 26 bytes per leaf`);
    expect(lesson).toContain(`roughly ${perLeaf} rows per leaf`);
  });

  it("idx_number's fill at 200,000 and at 20,000 rows (the idx-number-fill step), as the lesson quotes it", () => {
    const seq20k = lessonStep('pk-sequential.json', 20_000);
    const rnd20k = lessonStep('pk-random.json', 20_000);
    const idx = (s: SummaryLite) => s.indexes.find((i) => i.name === 'idx_number')!;
    expect(lesson).toContain(`A's idx_number fills up again (about ${pct(idx(seq).avgLeafFill)}),`);
    expect(lesson).toContain(`(about ${pct(idx(rnd).avgLeafFill)} at 200,000 rows, ${pct(idx(rnd20k).avgLeafFill)} at 20,000)`);
    // A at 20,000 rows: "around 60%", to the nearest ten; most splits still to_right
    const a = idx(seq20k);
    expect(lesson).toContain(`it drops to around ${pct(Math.round(a.avgLeafFill * 10) / 10)}.`);
    const splits = a.splits.toRight + a.splits.toLeft + a.splits.middle;
    expect(lesson).toContain(`mostly to_right (about ${a.splits.toRight} of ${splits} at`);
    // the 20,000 entries of each of the 10 values at 200,000 rows fill about this many of A's (full) pages
    expect(lesson).toContain(`20,000 entries per value, about ${Math.round(idx(seq).leafPages / 10)} pages each`);
  });
});

describe("Step 3's random-id run (rnd-slowmo): the average fill swings as the leaves split in waves", () => {
  // Every value of the step's "Rows to insert" slider (500 to 20,000 in steps of 500).
  const fills = new Map<number, number>();
  for (let rows = 500; rows <= 20_000; rows += 500) fills.set(rows, sizes('pk-random.json', rows).indexes[0].avgLeafFill);
  const all = [...fills.values()];

  it('quotes the 3,000-row run and the swing over the slider, as the runs give them', () => {
    expect(lesson).toContain(`This 3,000-row run ends at ${pct(fills.get(3000)!)};`);
    expect(lesson).toContain(`The average runs from about ${pct(Math.min(...all))} just after a wave to about ${pct(Math.max(...all))} just before the next.`);
    // A real swing, not noise: more than 20 points from trough to crest.
    expect(Math.max(...all) - Math.min(...all)).toBeGreaterThan(0.2);
  });
  it('the leaf count doubles in waves: 16 leaves from 3,500 to 4,000 rows, 32 from 6,500 to 8,500, 64 from 13,000 to 15,000', () => {
    const leaves = (rows: number) => sizes('pk-random.json', rows).indexes[0].leafPages;
    expect([3500, 4000].map(leaves)).toEqual([16, 16]);
    expect([6500, 7000, 7500, 8000, 8500].map(leaves)).toEqual([32, 32, 32, 32, 32]);
    expect([13_000, 14_000, 15_000].map(leaves)).toEqual([64, 64, 64]);
  });
});

/** A run's series as rows of named columns (t_s, inserts_per_s, bp_hit_rate, ...), and its summary. */
function seriesRun(file: string, overrides: Record<string, unknown>): { rows: Record<string, number>[]; summary: SummaryLite } {
  const sim = new Simulation(lessonScenario(file, overrides));
  const summary = runToEnd(sim);
  const cols: string[] = JSON.parse(sim.series_columns_json());
  const flat = Array.from(sim.series(0));
  sim.free();
  const rows = [];
  for (let r = 0; r + cols.length <= flat.length; r += cols.length) rows.push(Object.fromEntries(cols.map((c, i) => [c, flat[r + i]])));
  return { rows, summary };
}

describe("the random-ids step's quiz (rnd-slowmo): the kinds of split", () => {
  it('at its 3,000 rows every split is a middle one; at the knob\'s 20,000 a few to_right and to_left appear', () => {
    const kinds = (rows: number) => {
      const sim = new Simulation(lessonScenario('pk-random.json', { 'workload.max_rows': rows, 'run.sample_ms': 1, 'run.duration_s': 60 }));
      const s = runToEnd(sim);
      sim.free();
      return s.indexes.map((i) => i.splits);
    };
    for (const k of kinds(3000)) expect(k.toRight + k.toLeft, JSON.stringify(k)).toBe(0);
    const big = kinds(20_000)[0];
    expect(big.toRight + big.toLeft, JSON.stringify(big)).toBeGreaterThan(0);
    expect(big.toRight + big.toLeft).toBeLessThan(big.middle / 5);
    expect(lesson).toContain('In this run every split is a middle one. Insert 20,000 rows and a few to_right or to_left splits appear');
  });
});

describe("the seq-vs-random step's paragraph on Inserts per second (200,000 rows, 1,024-page pool)", () => {
  it('both sides insert about 109,000 rows a second until the random table outgrows the pool; then B reads and slows', () => {
    const o = { 'workload.max_rows': 200_000, 'workload.table_size': 10 };
    const a = seriesRun('pk-sequential.json', o);
    const b = seriesRun('pk-random.json', o);
    const rate = (rows: Record<string, number>[], from: number, to: number) => {
      const r = rows.filter((x) => x.t_s > from && x.t_s <= to).map((x) => x.inserts_per_s);
      return r.reduce((x, y) => x + y, 0) / r.length;
    };
    const early = Math.round(rate(b.rows, 0.2, 1.0) / 1000) * 1000;
    expect(Math.abs(rate(a.rows, 0.2, 1.0) - early) / early).toBeLessThan(0.03);
    expect(lesson).toContain(`Both sides insert about ${grouped(early)} rows a second until`);
    // When B's table has filled the pool (no free frame left; to the nearest 10,000 rows and 0.1 s).
    const rowsThen = b.rows.find((x) => x.pages_free === 0)!;
    expect(a.rows.every((x) => x.pages_free > 0)).toBe(true);
    expect(lesson).toContain(`near ${grouped(Math.round(rowsThen.rows / 10_000) * 10_000)} rows (${rowsThen.t_s.toFixed(1)} s), the random table outgrows the 1,024-page (16 MiB) buffer pool`);
    const reads = b.summary.counters.Innodb_buffer_pool_reads;
    expect(lesson).toContain(`(about ${grouped(Math.round(reads / 1000) * 1000)} reads)`);
    const last = b.rows.filter((x) => x.inserts_per_s > 0).at(-1)!;
    expect(lesson).toContain(`slows to about ${grouped(Math.round(last.inserts_per_s / 1000) * 1000)} inserts a second`);
    expect(lesson).toContain(`finishes at ${(b.summary.finishedNs! / 1e9).toFixed(1)} s, against A's ${(a.summary.finishedNs! / 1e9).toFixed(1)} s`);
    expect(a.summary.counters.Innodb_buffer_pool_reads).toBeLessThan(10);
    const mib = (s: SummaryLite) => Math.round((s.tables[0].dataLength + s.tables[0].indexLength) / 2 ** 20);
    expect(lesson).toContain(`the sequential table (${mib(a.summary)} MiB) never leaves the pool`);
  });
});

describe("the 'Measure the slowdown' speaker notes: B's buffer pool hit rate over the run", () => {
  it('leaves 100% near 70,000 rows, falls fast to about 88% by 100,000 rows, then slides to 80% and 73%', () => {
    const { rows } = seriesRun('pk-random.json', { 'workload.max_rows': 400_000, 'workload.table_size': 20, 'server.innodb_buffer_pool_pages': 512 });
    const first = rows.find((x) => x.bp_hit_rate < 0.995)!;
    const at = (n: number) => rows.find((x) => x.rows >= n)!;
    const hit = (x: Record<string, number>) => `${Math.round(x.bp_hit_rate * 100)}%`; // as the chart reads it
    expect(lesson).toContain(
      `B leaves 100% near ${grouped(Math.round(first.rows / 10_000) * 10_000)} rows (${first.t_s.toFixed(1)} s), when its\ntable outgrows the 512-page pool, falls fast to about ${hit(at(100_000))} by 100,000 rows (${at(100_000).t_s.toFixed(1)} s), then slides\nslowly: ${hit(at(200_000))} at 200,000 rows (${Math.round(at(200_000).t_s)} s), ${hit(rows.at(-1)!)} at the end (${Math.round(rows.at(-1)!.t_s)} s).`,
    );
  });
});

/** Timed inserts after `prepare` untimed rows; returns the mean insert latency (µs). */
function insertLatency(file: string, pool: number, prepare: number, inserts: number): number {
  const sim = new Simulation(
    lessonScenario(file, {
      'server.innodb_buffer_pool_pages': pool,
      'table.prepare_rows': prepare,
      'workload.max_rows': prepare + inserts,
    }),
  );
  const s = runToEnd(sim);
  sim.free();
  expect(s.latency.count).toBe(inserts);
  return s.latency.meanUs;
}

describe('PK-3: random-PK insert latency once data outgrows the pool', () => {
  it('data ≥ 3x the pool: random ≥ 5x sequential (article: ~15x, 124 µs sequential)', () => {
    // 100k rows of the random table are ~14.7 MB: 3.6x a 256-page (4 MiB) pool.
    const seq = insertLatency('pk-sequential.json', 256, 100_000, 20_000);
    const rnd = insertLatency('pk-random.json', 256, 100_000, 20_000);
    expect(seq).toBeGreaterThan(100);
    expect(seq).toBeLessThan(160);
    expect(rnd / seq, `random ${rnd} µs vs sequential ${seq} µs`).toBeGreaterThanOrEqual(5);
  });

  it('data fits in the pool: random < 2x sequential', () => {
    const seq = insertLatency('pk-sequential.json', 4096, 100_000, 20_000);
    const rnd = insertLatency('pk-random.json', 4096, 100_000, 20_000);
    expect(rnd / seq, `random ${rnd} µs vs sequential ${seq} µs`).toBeLessThan(2);
  });
});

describe("the lesson's 'Measure the slowdown' step (400,000 rows, 512-page pool)", () => {
  it('each side finishes where the text says, and the ratio of the finishes is the latency ratio', () => {
    const run = (file: string) => {
      const sim = new Simulation(lessonScenario(file, { 'workload.max_rows': 400_000, 'workload.table_size': 20, 'server.innodb_buffer_pool_pages': 512 }));
      const s = runToEnd(sim);
      sim.free();
      return s;
    };
    const seq = run('pk-sequential.json');
    const rnd = run('pk-random.json');
    const fs = (seq.finishedNs ?? NaN) / 1e9;
    const fr = (rnd.finishedNs ?? NaN) / 1e9;
    // The lesson: "about 3.7 simulated seconds" and "about 41".
    expect(lesson).toContain(`the sequential table is done after about ${fs.toFixed(1)} simulated seconds and the random one after about ${Math.round(fr)}.`);
    expect(fs, `sequential finished at ${fs} s`).toBeGreaterThan(3.3);
    expect(fs).toBeLessThan(4.1);
    expect(fr, `random finished at ${fr} s`).toBeGreaterThan(37);
    expect(fr).toBeLessThan(45);
    // Same threads, same rows: time to finish and mean latency grow by the same factor ("about 11x").
    const byTime = fr / fs;
    const byLatency = rnd.latency.meanUs / seq.latency.meanUs;
    expect(byTime, `finish ratio ${byTime}`).toBeGreaterThan(10);
    expect(byTime).toBeLessThan(12.5);
    expect(Math.abs(byTime / byLatency - 1), `finish ratio ${byTime} vs latency ratio ${byLatency}`).toBeLessThan(0.05);
    expect(lesson).toContain(`so the ratio of those times (about ${Math.round(byTime)}x)`);
    // table sizes at the end, in MiB: "about 46 MiB" random, "near 17 MiB" sequential
    const mib = (s: SummaryLite) => Math.round((s.tables[0].dataLength + s.tables[0].indexLength) / 2 ** 20);
    expect(lesson).toContain(`The random table grows to about ${mib(rnd)} MiB`);
    expect(lesson).toContain(`The sequential table ends near ${mib(seq)} MiB`);
  });

  it("the latency legend's latest samples: B's, at its finish, is about 18 times A's", () => {
    const over = { 'workload.max_rows': 400_000, 'workload.table_size': 20, 'server.innodb_buffer_pool_pages': 512 };
    const last = (file: string) => {
      const r = seriesRun(file, over).rows.filter((x) => Number.isFinite(x.latency_mean_us));
      return { last: r[r.length - 1].latency_mean_us, first: r[0].latency_mean_us };
    };
    const [a, b] = [last('pk-sequential.json'), last('pk-random.json')];
    const ratio = b.last / a.last;
    expect(b.last, 'B slows down as its table grows').toBeGreaterThan(5 * b.first);
    expect(lesson).toContain(`when B finishes its latest is about ${Math.round(ratio)} times A's`);
  });

  it("B is held by the storage's 20,000 IOPS, not by each read's time, until the IOPS knob is raised", () => {
    const finish = (over: Record<string, number>) => {
      const sim = new Simulation(
        lessonScenario('pk-random.json', { 'workload.max_rows': 400_000, 'workload.table_size': 20, 'server.innodb_buffer_pool_pages': 512, ...over }),
      );
      const s = runToEnd(sim);
      sim.free();
      return (s.finishedNs ?? NaN) / 1e9;
    };
    const [fast, slow] = [finish({ 'storage.read_latency_us': 20 }), finish({ 'storage.read_latency_us': 500 })];
    expect(Math.abs(fast - slow), `20 µs: ${fast} s, 500 µs: ${slow} s`).toBeLessThan(1);
    expect(lesson).toContain(`with 20 µs reads or 500 µs reads it still finishes after about ${Math.round(fast)} s`);
    expect(Math.round(slow)).toBe(Math.round(fast));
    const at = (us: number) => Math.round(finish({ 'storage.iops': 100_000, 'storage.read_latency_us': us }));
    const [r20, r200, r1000] = [at(20), at(200), at(1000)];
    expect(r20).toBeLessThan(r200);
    expect(r200).toBeLessThan(r1000);
    expect(lesson).toContain(`B is done after about ${r20} s with 20 µs reads, ${r200} s with 200 µs and ${r1000} s with 1 ms`);
  }, 120_000);
});
