// Every experiment block of every lesson against the engine itself (through WASM):
// its scenarios with the block's overrides and each knob at its default, min and max are
// accepted by the engine's validation; every chart column is one the engine writes; and
// an experiment that overrides its scenario files (for both sides or one) builds and runs its first simulated 50 ms
// (the files as they are run in tests/wasm/golden.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildSims } from '../../web/src/lessons/scenarios';
import { checkLessons, experimentProblems, indexNamesVia } from '../../web/src/lessons/check';
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
for (const f of fs.readdirSync(lessonDir).filter((n) => n.endsWith('.md') && !/^(readme|_)/i.test(n)).sort()) {
  const lesson = parseLesson(`lessons/${f}`, fs.readFileSync(path.join(lessonDir, f), 'utf8'), new Set(scenarioFiles));
  for (const step of lesson.steps) {
    for (const b of step.blocks) if (b.kind === 'experiment') experiments.push({ lesson: f, exp: b.experiment });
  }
}

describe('lesson experiments against the engine', () => {
  const Simulation = loadEngine();
  const columns: string[] = JSON.parse(new Simulation(lessonScenario('pk-sequential.json', { 'workload.max_rows': 10 })).series_columns_json());
  const engine = { validate: validate_scenario, columns, indexNames: indexNamesVia(Simulation) };

  it('finds the lessons', () => {
    expect(experiments.length).toBeGreaterThanOrEqual(10);
  });

  // The same checks as `npm run lessons:check` (web/src/lessons/check.ts).
  it.each(experiments.map((e) => [`${e.lesson} ${e.exp.id}`, e] as const))('%s: scenarios, knobs and charts are valid', (_name, { exp }) => {
    expect(experimentProblems(exp, texts, engine)).toEqual([]);
  });

  it('names the file, line and field of a bad experiment', () => {
    const md = '---\nid: bad\ntitle: B\nsummary: s\norder: 99\n---\n## One\n\n```experiment\nid: e\ntitle: E\nscenarios: { A: { label: a, file: pk-sequential.json } }\nknobs:\n  - { path: workload.threads, label: T, min: 0, max: 5000, default: 8 }\ncharts:\n  - { column: nope, label: N, unit: x }\n```\n\n```quiz\nid: q\nquestion: Q?\nchoices: [a, b]\nanswer: 2\nexplain: x\n```\n';
    const problems = checkLessons([{ file: 'lessons/bad.md', text: md }], texts, engine);
    expect(problems).toEqual([
      'lessons/bad.md:19: quiz "q": answer: must be the index of a choice, 0 to 1, got 2',
      'lessons/bad.md:9: experiment "e": knob workload.threads (0 to 5000), knobs at their minimum: the engine says: must be an integer from 1 to 4096, got 0',
      'lessons/bad.md:9: experiment "e": knob workload.threads (0 to 5000), knobs at their maximum: the engine says: must be an integer from 1 to 4096, got 5000',
      `lessons/bad.md:9: experiment "e": chart "N": no series column "nope"; the engine writes: ${columns.join(', ')}`,
    ]);
  });

  it('names the sweep value the engine refuses, with its label and side', () => {
    const md =
      '---\nid: bad\ntitle: B\nsummary: s\norder: 99\n---\n## One\n\n```experiment\nid: e\ntitle: E\nscenarios: { A: { label: a, file: qc-mysql-256mb.json } }\n' +
      'sweep:\n  path: server.query_cache_size\n  values: [0, -1, { server.query_cache_type: "SOMETIMES" }]\n  labels: ["0", "minus one", "sometimes"]\n  run_s: 0.1\n```\n';
    const problems = checkLessons([{ file: 'lessons/bad.md', text: md }], texts, engine);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^lessons\/bad.md:9: experiment "e": sweep.values\[1\] \("minus one"\), scenario A: the engine says: server.query_cache_size: /);
    expect(problems[1]).toMatch(/^lessons\/bad.md:9: experiment "e": sweep.values\[2\] \("sometimes"\), scenario A: the engine says: server.query_cache_type: /);
  });

  it('builds each side with its own overrides and names the side of a value the engine refuses', () => {
    const md = (b: string) =>
      '---\nid: bad\ntitle: B\nsummary: s\norder: 99\n---\n## One\n\n```experiment\nid: e\ntitle: E\n' +
      `scenarios:\n  A: { label: on, file: qc-mysql-256mb.json }\n  B: { label: off, file: qc-mysql-256mb.json, overrides: { ${b} } }\n` +
      'sweep:\n  path: server.cores\n  values: [4, 32]\n  run_s: 0.1\n```\n';
    expect(checkLessons([{ file: 'lessons/bad.md', text: md('server.query_cache_type: "OFF"') }], texts, engine)).toEqual([]);
    const problems = checkLessons([{ file: 'lessons/bad.md', text: md('server.query_cache_type: "SOMETIMES"') }], texts, engine);
    expect(problems[0]).toMatch(/^lessons\/bad.md:9: experiment "e": scenarios\.B\.overrides\.server\.query_cache_type \(off, qc-mysql-256mb\.json\), as written: the engine says: /);
    expect(problems.slice(1)).toEqual([
      expect.stringMatching(/^lessons\/bad.md:9: experiment "e": sweep.values\[0\] \("4"\), scenario B: the engine says: server.query_cache_type: /),
      expect.stringMatching(/^lessons\/bad.md:9: experiment "e": sweep.values\[1\] \("32"\), scenario B: the engine says: server.query_cache_type: /),
    ]);
  });

  it('names a fill_index the scenario has no index of, with the indexes it has', () => {
    const md =
      '---\nid: bad\ntitle: B\nsummary: s\norder: 99\n---\n## One\n\n```experiment\nid: e\ntitle: E\n' +
      'scenarios: { A: { label: a, file: pk-sequential.json }, B: { label: b, file: pk-random.json } }\nviews: [fill-histogram]\nfill_index: k_1\n```\n';
    expect(checkLessons([{ file: 'lessons/bad.md', text: md }], texts, engine)).toEqual([
      'lessons/bad.md:9: experiment "e": fill_index: scenario A has no index "k_1"; it has PRIMARY, idx_number',
      'lessons/bad.md:9: experiment "e": fill_index: scenario B has no index "k_1"; it has PRIMARY, idx_number',
    ]);
    expect(checkLessons([{ file: 'lessons/bad.md', text: md.replace('k_1', 'idx_number') }], texts, engine)).toEqual([]);
  });

  const overridden = experiments.filter((e) => [e.exp.overrides, e.exp.scenarios.A.overrides, e.exp.scenarios.B?.overrides].some((o) => o && Object.keys(o).length > 0));
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
