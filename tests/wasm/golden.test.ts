// Determinism golden traces through WASM: recomputes, from the built package, the digest
// engine-wasm/tests/golden.rs computes natively, and compares it with
// tests/golden/<scenario>.json exactly (same overrides, read from the golden file; same
// 0.1 s slices, subdivided from a snapshot when the event ring would overflow; same hashes). Regenerate the golden files natively, never here:
// UPDATE_GOLDEN=1 cargo test --release --test golden (in engine-wasm/).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lessonScenario, loadEngine } from './loadEngine';

const Simulation = loadEngine();
const root = path.resolve(__dirname, '../..');
const goldenDir = path.join(root, 'tests/golden');

/** 64-bit FNV-1a on two 32-bit halves (prime 2^40 + 0x1b3), fed incrementally. */
class Fnv1a64 {
  private hi = 0xcbf29ce4;
  private lo = 0x84222325;

  write(bytes: Uint8Array): void {
    let { hi, lo } = this;
    for (let i = 0; i < bytes.length; i++) {
      lo = (lo ^ bytes[i]) >>> 0;
      // (hi·2^32 + lo)·(2^40 + 435) mod 2^64; every partial product is exact in a double
      const l = lo * 435;
      const carry = Math.floor(l / 0x1_0000_0000);
      hi = (hi * 435 + carry + (lo & 0xffffff) * 256) % 0x1_0000_0000;
      lo = l % 0x1_0000_0000;
    }
    this.hi = hi;
    this.lo = lo;
  }

  hex(): string {
    return this.hi.toString(16).padStart(8, '0') + this.lo.toString(16).padStart(8, '0');
  }
}

const utf8 = new TextEncoder();
const NEWLINE = utf8.encode('\n');
/** The canonical quiet NaN, little-endian (WASM does not promise NaN payloads). */
const CANONICAL_NAN = new Uint8Array([0, 0, 0, 0, 0, 0, 0xf8, 0x7f]);

interface Golden {
  scenario: string;
  overrides: Record<string, unknown>;
  stepNs: number;
  events: { total: number; byKind: Record<string, number>; fnv1a64: string };
  series: { columns: string[]; rows: number; fnv1a64: string };
  headline: Record<string, unknown>;
}

type Json = Record<string, unknown>;

type Sim = InstanceType<typeof Simulation>;

/** Folds every event read into the digest, in order (golden.rs `Reader`). */
class Reader {
  cursor = 0;
  total = 0;
  byKind: Record<string, number> = {};
  hash = new Fnv1a64();

  /** True when every event since the cursor is still in the ring. */
  lossless(sim: Sim): boolean {
    const page: { next: number; events: Json[] } = JSON.parse(sim.events_json(this.cursor));
    return page.next === this.cursor + page.events.length;
  }

  /** Reads every event since the cursor, page by page, as the UI does; returns how many. */
  drain(sim: Sim): number {
    const before = this.total;
    for (;;) {
      const page: { next: number; events: Json[] } = JSON.parse(sim.events_json(this.cursor));
      for (const ev of page.events) {
        this.byKind[ev.kind as string] = (this.byKind[ev.kind as string] ?? 0) + 1;
        // sorted keys: the form serde_json's Value prints natively
        this.hash.write(utf8.encode(JSON.stringify(ev, Object.keys(ev).sort())));
        this.hash.write(NEWLINE);
      }
      this.total += page.events.length;
      this.cursor = page.next;
      if (page.events.length === 0) return this.total - before;
    }
  }
}

/** The ring's size (trace/mod.rs TRACE_CAPACITY). */
const TRACE_CAPACITY = 4096;

/**
 * Runs one slice, to `end`, reading every event (golden.rs `advance`): 2^shift
 * sub-steps; one that overflowed the ring is replayed from a snapshot with twice as
 * many, one that read under a quarter of the ring halves them again.
 */
function advance(sim: Sim, end: number, r: Reader, state: { stepNs: number; shift: number }): void {
  while (sim.time_ns() < end && !sim.is_done()) {
    const from = sim.time_ns();
    const step = Math.max(1, Math.floor(state.stepNs / 2 ** state.shift));
    const snap = sim.snapshot();
    sim.run_until_finish(Math.min(from + step, end));
    if (!r.lossless(sim)) {
      sim.restore(snap);
      sim.drop_snapshot(snap);
      if (step <= 1) throw new Error(`over 4096 events at t=${from}`);
      state.shift += 1;
      continue;
    }
    sim.drop_snapshot(snap);
    if (r.drain(sim) < TRACE_CAPACITY / 4 && state.shift > 0) state.shift -= 1;
  }
}

function digest(g: Golden): Omit<Golden, 'about'> {
  const sim = new Simulation(lessonScenario(g.scenario, g.overrides));
  const r = new Reader();
  r.drain(sim);
  const state = { stepNs: g.stepNs, shift: 0 };
  while (!JSON.parse(sim.summary_json()).done && sim.time_ns() < sim.end_ns()) {
    advance(sim, Math.min(sim.time_ns() + g.stepNs, sim.end_ns()), r, state);
  }

  const values = sim.series(0);
  const seriesHash = new Fnv1a64();
  const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  for (let i = 0; i < values.length; i++) {
    seriesHash.write(Number.isNaN(values[i]) ? CANONICAL_NAN : bytes.subarray(i * 8, i * 8 + 8));
  }
  const columns: string[] = JSON.parse(sim.series_columns_json());
  const s = JSON.parse(sim.summary_json());
  const counterNames = Object.keys((g.headline.counters as Json) ?? {});
  const headline = {
    timeNs: s.timeNs,
    done: s.done,
    rows: s.tables[0].rows,
    counters: Object.fromEntries(counterNames.map((k) => [k, s.counters[k] ?? null])),
    latency: s.latency,
    indexes: s.indexes.map((ix: Json) => ({
      name: ix.name,
      height: ix.height,
      leafPages: ix.leafPages,
      nonLeafPages: ix.nonLeafPages,
      avgLeafFill: ix.avgLeafFill,
      splits: ix.splits,
    })),
  };
  const out = {
    scenario: g.scenario,
    overrides: g.overrides,
    stepNs: g.stepNs,
    events: { total: r.total, byKind: r.byKind, fnv1a64: r.hash.hex() },
    series: { columns, rows: sim.series_len(), fnv1a64: seriesHash.hex() },
    headline,
  };
  sim.free();
  return out;
}

describe('golden traces: WASM equals the native golden records', () => {
  const lessons = fs.readdirSync(path.join(root, 'lessons/scenarios')).filter((f) => f.endsWith('.json')).sort();

  it('has a golden record for every lesson scenario', () => {
    const golden = fs.readdirSync(goldenDir).filter((f) => f.endsWith('.json')).sort();
    expect(golden).toEqual(lessons);
  });

  it('hashes like the native side', () => {
    const h = new Fnv1a64();
    expect(h.hex()).toBe('cbf29ce484222325');
    h.write(utf8.encode('a'));
    expect(h.hex()).toBe('af63dc4c8601ec8c'); // the published FNV-1a 64 of "a"
  });

  for (const file of lessons) {
    it(`${file}: events, series and headline numbers`, () => {
      const { about: _about, ...golden } = JSON.parse(fs.readFileSync(path.join(goldenDir, file), 'utf8'));
      expect(digest(golden as Golden)).toEqual(golden);
    }, 60_000);
  }
});
