// FIDELITY.md row AHI-6, through WASM, on the aurora-reader lesson's scenario files:
// an Aurora writer (AHI on) against a reader whose parameter group says ON but whose
// AHI is off, sysbench-style `SELECT c FROM sbtest1 WHERE k = ?`, 1M rows in memory,
// 16 threads on 8 cores. The article: writer ~2x faster (band 1.5–3x). The mechanisms
// give ~1.015x (see engine-wasm/tests/fidelity_ahi.rs, ahi_6_…, for why); this test
// checks the same numbers natively and in WASM, and the setting shown vs in effect.
import { describe, expect, it } from 'vitest';
import { lessonScenario, loadEngine } from '../wasm/loadEngine';

const Simulation = loadEngine();

/** Questions per simulated second from 3 s to the end, hit ratio, and the STATUS text. */
function measure(file: string) {
  const sim = new Simulation(lessonScenario(file, { 'run.duration_s': 6 }));
  const counters = () => JSON.parse(sim.summary_json()).counters as Record<string, number>;
  sim.run_until(3e9);
  const a = counters();
  sim.run_until(6e9);
  const b = counters();
  const status = sim.status_text();
  sim.free();
  const hits = b.adaptive_hash_searches - a.adaptive_hash_searches;
  const btree = b.adaptive_hash_searches_btree - a.adaptive_hash_searches_btree;
  return { qps: (b.Questions - a.Questions) / 3, hit: hits / (hits + btree), status };
}

describe('AHI-6: Aurora writer vs reader, secondary-key selects', () => {
  const writer = measure('aurora-writer.json');
  const reader = measure('aurora-reader.json');

  it('the reader shows ON in its parameter group but runs with the AHI off', () => {
    expect(reader.status).toContain('Aurora reader: parameter group innodb_adaptive_hash_index = ON; SHOW GLOBAL VARIABLES: OFF');
    expect(reader.status).toContain('Adaptive hash index is disabled');
    expect(writer.status).toContain('Aurora writer: parameter group innodb_adaptive_hash_index = ON; SHOW GLOBAL VARIABLES: ON');
    expect(reader.hit).toBe(0);
    expect(writer.hit).toBeGreaterThan(0.45);
  });

  it('the writer is faster, by what the mechanisms give (~1.015x; article ~2x, band 1.5–3x not met)', () => {
    const ratio = writer.qps / reader.qps;
    expect(ratio, `writer ${writer.qps} vs reader ${reader.qps}`).toBeGreaterThan(1.005);
    expect(ratio).toBeLessThan(1.05);
  });
});
