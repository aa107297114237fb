// FIDELITY.md row AHI-6, through WASM, on the aurora-reader lesson's scenario files:
// an Aurora writer (AHI on) against a reader whose parameter group says ON but whose
// AHI is off, 1M rows in memory, 16 threads on 8 cores. The article: writer ~2x
// faster on the customer's queries (band 1.5–3x). The fidelity
// scenario, `SELECT id, k, c, pad FROM sbtest1 WHERE k IN (10 existing values)`
// (aurora-points-*.json), gives 1.16x; sysbench's own `WHERE k = ?` (a third of its
// k values miss, so the k index is never hashed) 1.015x, pinned too. Why the band
// is not met: engine-wasm/tests/fidelity_ahi.rs, ahi_6_…; this test checks the
// same numbers in WASM, and the setting shown vs in effect. The aurora-reader lesson
// quotes these runs' figures; the tests check its text too.
import { describe, expect, it } from 'vitest';
import { lessonScenario, loadEngine } from '../wasm/loadEngine';
import { grouped, lessonText, pct } from './lessonText';

const Simulation = loadEngine();
const lesson = lessonText('aurora-reader');

/** Mean query latency (µs) of a closed loop: the scenario's client threads over its rate. */
function latencyUs(file: string, qps: number): number {
  return (JSON.parse(lessonScenario(file)).workload.threads as number) / qps * 1e6;
}

/** Questions per simulated second from `from` s to `to` s, hit ratio, rows read per
 * select, and the STATUS text. */
function measure(file: string, from = 3, to = 6, more: Record<string, unknown> = {}) {
  const sim = new Simulation(lessonScenario(file, { 'run.duration_s': to, ...more }));
  const counters = () => JSON.parse(sim.summary_json()).counters as Record<string, number>;
  sim.run_until(from * 1e9);
  const a = counters();
  sim.run_until(to * 1e9);
  const b = counters();
  const status = sim.status_text();
  sim.free();
  const hits = b.adaptive_hash_searches - a.adaptive_hash_searches;
  const btree = b.adaptive_hash_searches_btree - a.adaptive_hash_searches_btree;
  return {
    qps: (b.Questions - a.Questions) / (to - from),
    hit: hits / (hits + btree),
    rowsPerSelect: (b.Innodb_rows_read - a.Innodb_rows_read) / (b.Com_select - a.Com_select),
    status,
  };
}

describe('AHI-6: Aurora writer vs reader, secondary-key selects', () => {
  const writer = measure('aurora-writer.json');
  const reader = measure('aurora-reader.json');

  it('the reader shows ON in its parameter group but runs with the AHI off', () => {
    expect(reader.status).toContain('Aurora reader: innodb_adaptive_hash_index\n  in the parameter group: ON\n  in effect (SHOW GLOBAL VARIABLES): OFF');
    // as InnoDB prints an AHI that is off: empty tables, no hash searches (no "disabled" line)
    expect(reader.status).not.toContain('disabled');
    expect(reader.status).toMatch(/node heap has 0 buffer\(s\)\n[\s\S]*\n0\.00 hash searches\/s, /);
    expect(writer.status).toContain('Aurora writer: innodb_adaptive_hash_index\n  in the parameter group: ON\n  in effect (SHOW GLOBAL VARIABLES): ON');
    expect(reader.hit).toBe(0);
    expect(writer.hit).toBeGreaterThan(0.45);
  });

  it('the writer is faster, by what the mechanisms give (~1.015x; article ~2x, band 1.5–3x not met)', () => {
    const ratio = writer.qps / reader.qps;
    expect(ratio, `writer ${writer.qps} vs reader ${reader.qps}`).toBeGreaterThan(1.005);
    expect(ratio).toBeLessThan(1.05);
    // the q-reader-gap quiz, the latency chart's reference line and the summary table
    const [w, r] = [latencyUs('aurora-writer.json', writer.qps), latencyUs('aurora-reader.json', reader.qps)];
    expect(lesson).toContain(
      `About ${pct(ratio - 1, 1)} in the simulation: ${grouped(writer.qps, 100)} against ${grouped(reader.qps, 100)} queries a second (${w.toFixed(1)} against ${r.toFixed(1)} µs per query).`,
    );
    expect(lesson).toContain(`reference: { value: ${Math.round(2 * w)}, label: "article: reader ≈ 2 × writer (2 × our writer's ${w.toFixed(1)} µs)" }`);
    expect(lesson).toContain(`| \`WHERE k = ?\` | sysbench's (a third miss) | ${ratio.toFixed(3)}x |`);
    expect(lesson).toContain(`a single-row \`WHERE k = ?\` select runs only ${pct(ratio - 1, 1)} faster`);
    // the writer with its AHI off runs as the reader (B of that step)
    expect(lesson).toContain(`Both run exactly ${grouped(reader.qps, 100)} queries a second, with a hit ratio of 0`);
  });
});

describe('AHI-6, the fidelity scenario: k IN (10 existing values)', () => {
  // 2.5 simulated seconds from 1 s: every page the load hashes is hashed by then
  const writer = measure('aurora-points-writer.json', 1, 2.5);
  const reader = measure('aurora-points-reader.json', 1, 2.5);
  const writerOff = measure('aurora-points-writer.json', 1, 2.5, { 'server.innodb_adaptive_hash_index': false });

  it('every k exists: ~20 rows a statement, and the writer hashes the k index too', () => {
    expect(writer.rowsPerSelect).toBeGreaterThan(19);
    expect(writer.rowsPerSelect).toBeLessThan(21);
    expect(writer.hit).toBeGreaterThan(0.99);
    expect(reader.hit).toBe(0);
  });

  it('the first half second: the writer, hashing nearly every leaf page, runs at about a third of the reader', () => {
    const [w, r] = [measure('aurora-points-writer.json', 0, 0.5), measure('aurora-points-reader.json', 0, 0.5)];
    expect(w.qps / r.qps, `writer ${w.qps} vs reader ${r.qps}`).toBeLessThan(0.45);
    const sim = new Simulation(lessonScenario('aurora-points-writer.json', { 'run.duration_s': 0.5 }));
    sim.run_until(0.5e9);
    const added = (JSON.parse(sim.summary_json()).counters as Record<string, number>).adaptive_hash_rows_added;
    sim.free();
    // 5.7 counts each entry twice; 1M rows give ~2M leaf records in the two indexes
    expect(added / 2).toBeGreaterThan(1.5e6);
    expect(added / 2).toBeLessThan(2e6);
    expect(lesson).toContain(
      `about ${grouped(w.qps, 1000)} queries a second at ${Math.round(latencyUs('aurora-points-writer.json', w.qps))} µs per query against the reader's ${grouped(r.qps, 1000)}.`,
    );
    expect(lesson).toContain(`the writer has made about ${(added / 2 / 1e6).toFixed(1)} million hash entries`);
    expect(lesson).toContain(`counts each entry twice and reads ${(added / 1e6).toFixed(1)} million)`);
    // the waiting is on the AHI latch: threads spin and sleep on it while the builds run
    const sampled = new Simulation(lessonScenario('aurora-points-writer.json', { 'run.duration_s': 0.6, 'run.sample_ms': 25 }));
    sampled.run_until(sampled.end_ns());
    const cols: string[] = JSON.parse(sampled.series_columns_json());
    const flat = Array.from(sampled.series(0));
    sampled.free();
    const col = (name: string) => flat.filter((_, i) => i % cols.length === cols.indexOf(name));
    const [t, spin, sleep] = [col('t_s'), col('threads_spinning'), col('threads_sleeping')];
    const storm = t.map((x, i) => i).filter((i) => t[i] <= 0.4);
    const range = (xs: number[]) => [Math.min(...storm.map((i) => xs[i])), Math.max(...storm.map((i) => xs[i]))];
    expect(range(spin)[0], 'someone spins in every sample of the storm').toBeGreaterThan(0);
    expect(range(sleep)[1]).toBeGreaterThan(0);
    expect(lesson).toContain(`in 25 ms samples, ${range(spin)[0]} to ${range(spin)[1]} of the 16 threads spin on a core and up to ${range(sleep)[1]} are asleep on the latch`);
    // once hashed, nobody waits
    expect(t.map((x, i) => i).filter((i) => t[i] >= 0.5).every((i) => spin[i] === 0 && sleep[i] === 0)).toBe(true);
  });

  it('the writer is 1.16x the reader (article ~2x, band 1.5–3x not met); AHI off on the writer = the reader', () => {
    const ratio = writer.qps / reader.qps;
    expect(ratio, `writer ${writer.qps} vs reader ${reader.qps}`).toBeGreaterThan(1.13);
    expect(ratio).toBeLessThan(1.19);
    expect(writerOff.qps).toBe(reader.qps);
    // the q-points quiz, the latency chart's reference line and the summary table
    const [w, r] = [latencyUs('aurora-points-writer.json', writer.qps), latencyUs('aurora-points-reader.json', reader.qps)];
    expect(lesson).toContain(
      `${ratio.toFixed(2)}x: ${grouped(writer.qps, 100)} against ${grouped(reader.qps, 100)} queries a second (${Math.round(w)} against ${Math.round(r)} µs per query).`,
    );
    expect(lesson).toContain(`reference: { value: ${2 * Math.round(w)}, label: "article: reader ≈ 2 × writer (2 × our writer's ${Math.round(w)} µs)" }`);
    expect(lesson).toContain(`| \`WHERE k IN (10 values)\` | existing | ${ratio.toFixed(2)}x |`);
    expect(lesson).toContain(`an IN list of ten existing values ${ratio.toFixed(1)}x`);
  });
});

describe('the table of ratios is from 1 s on; the Counters table counts from t = 0', () => {
  it('over the whole 5 s run with existing keys, the reader has run more queries than the writer (its warm-up)', () => {
    const total = (file: string) => {
      const sim = new Simulation(lessonScenario(file, { 'run.duration_s': 5 }));
      sim.run_until(5e9);
      const c = JSON.parse(sim.summary_json()).counters as Record<string, number>;
      sim.free();
      return c.Com_select;
    };
    const [w, r] = [total('aurora-writer-existing.json'), total('aurora-reader-existing.json')];
    expect(r, `writer ${w}, reader ${r}`).toBeGreaterThan(w);
    expect(lesson).toContain('with existing keys the reader has even run a few more queries than the writer by the end of the 5 s run');
    expect(lesson).toContain('| query | k values | writer ÷ reader, from 1 s on (simulation) |');
  });
});
