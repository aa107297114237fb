// Every experiment block of every lesson against the engine itself (through WASM):
// its scenarios with the block's overrides and each knob at its default, min and max are
// accepted by the engine's validation; every chart column is one the engine writes; and
// an experiment that overrides its scenario files builds and runs its first simulated 50 ms
// (the files as they are run in tests/wasm/golden.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildSims } from '../../web/src/lessons/scenarios';
import { parseLesson } from '../../web/src/lessons/parse';
import type { ExperimentSpec } from '../../web/src/lessons/types';
import { validate_scenario } from '../../web/src/engine/pkg/innodb_lab.js';
import { lessonScenario, loadEngine } from './loadEngine';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const lessonDir = path.join(root, 'lessons');
const scenarioDir = path.join(lessonDir, 'scenarios');
const scenarioFiles = fs.readdirSync(scenarioDir).filter((f) => f.endsWith('.json'));
const texts: Record<string, string> = Object.fromEntries(scenarioFiles.map((f) => [f, fs.readFileSync(path.join(scenarioDir, f), 'utf8')]));

const experiments: { lesson: string; exp: ExperimentSpec }[] = [];
for (const f of fs.readdirSync(lessonDir).filter((n) => n.endsWith('.md') && !n.startsWith('_')).sort()) {
  const lesson = parseLesson(`lessons/${f}`, fs.readFileSync(path.join(lessonDir, f), 'utf8'), new Set(scenarioFiles));
  for (const step of lesson.steps) {
    for (const b of step.blocks) if (b.kind === 'experiment') experiments.push({ lesson: f, exp: b.experiment });
  }
}

/** Knob settings to try: all defaults, all at min, all at max. */
function knobSettings(exp: ExperimentSpec): Record<string, number>[] {
  if (exp.knobs.length === 0) return [{}];
  const at = (pick: (k: ExperimentSpec['knobs'][number]) => number) => Object.fromEntries(exp.knobs.map((k) => [k.path, pick(k)]));
  return [at((k) => k.default), at((k) => k.min), at((k) => k.max)];
}

describe('lesson experiments against the engine', () => {
  const Simulation = loadEngine();
  const columns: string[] = JSON.parse(new Simulation(lessonScenario('pk-sequential.json', { 'workload.max_rows': 10 })).series_columns_json());

  it('finds the lessons', () => {
    expect(experiments.length).toBeGreaterThanOrEqual(10);
  });

  it.each(experiments.map((e) => [`${e.lesson} ${e.exp.id}`, e] as const))('%s: scenarios, knobs and charts are valid', (_name, { exp }) => {
    for (const knobs of knobSettings(exp)) {
      const built = buildSims(exp, texts, knobs, undefined);
      expect(built.error).toBeUndefined();
      for (const s of built.sims ?? []) {
        expect({ knobs, sim: s.label, errors: JSON.parse(validate_scenario(s.json)) }).toEqual({ knobs, sim: s.label, errors: [] });
      }
    }
    for (const c of exp.charts) {
      for (const col of [c.column, ...(c.limits ?? []).map((l) => l.column), ...(c.highlight ? [c.highlight.column] : [])]) {
        expect(columns, `chart ${c.label}: column ${col}`).toContain(col);
      }
    }
  });

  const overridden = experiments.filter((e) => Object.keys(e.exp.overrides).length > 0);
  it.each(overridden.map((e) => [`${e.lesson} ${e.exp.id}`, e] as const))('%s: builds and runs with its overrides', (_name, { exp }) => {
    const built = buildSims(exp, texts, {}, undefined);
    for (const s of built.sims ?? []) {
      const sim = new Simulation(s.json);
      sim.run_for(5e7);
      expect(sim.time_ns()).toBeGreaterThanOrEqual(Math.min(5e7, sim.end_ns()));
      sim.free();
    }
  }, 120_000);
});
