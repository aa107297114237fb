// Checks lessons against the engine (pure: the engine's validate_scenario and its series
// columns are passed in). Used by `npm run lessons:check` (scripts/checks/lessons.mjs)
// and tests/wasm/lessons.test.ts. Every message starts with "file:line:".

import { parseLesson } from './parse';
import { buildSims, sweepScenario } from './scenarios';
import type { ExperimentSpec, KnobSpec } from './types';

export interface EngineForCheck {
  /** validate_scenario(): "[]" or a JSON list of {path, message}. */
  validate: (json: string) => string;
  /** Series columns the engine writes (charts select by these). */
  columns: string[];
  /** The index names of a valid scenario's table(s), as the engine names them (PRIMARY, …). */
  indexNames: (json: string) => string[];
}

/**
 * `EngineForCheck.indexNames` from the wasm package's `Simulation`: the scenario is built
 * with no prepared rows (names do not depend on them), asked for its indexes, and freed.
 */
export function indexNamesVia(Sim: new (json: string) => { indexes_json(): string; free(): void }): (json: string) => string[] {
  return (json) => {
    const v = JSON.parse(json) as { table?: { prepare_rows?: number } };
    if (v.table) v.table.prepare_rows = 0;
    const sim = new Sim(JSON.stringify(v));
    try {
      return [...new Set((JSON.parse(sim.indexes_json()) as { name: string }[]).map((i) => i.name))];
    } finally {
      sim.free();
    }
  };
}

/** Knob settings to try: all defaults, all at min, all at max. */
export function knobSettings(exp: ExperimentSpec): { name: string; values: Record<string, number> }[] {
  if (exp.knobs.length === 0) return [{ name: 'as written', values: {} }];
  const at = (pick: (k: KnobSpec) => number) => Object.fromEntries(exp.knobs.map((k) => [k.path, pick(k)]));
  return [
    { name: 'knobs at their defaults', values: at((k) => k.default) },
    { name: 'knobs at their minimum', values: at((k) => k.min) },
    { name: 'knobs at their maximum', values: at((k) => k.max) },
  ];
}

/** Problems of one experiment block (without the "file:line:" prefix). */
export function experimentProblems(exp: ExperimentSpec, texts: Record<string, string | undefined>, engine: EngineForCheck): string[] {
  const out: string[] = [];
  for (const setting of knobSettings(exp)) {
    const built = buildSims(exp, texts, setting.values, undefined);
    if (built.error) {
      out.push(built.error);
      break;
    }
    for (const [i, s] of (built.sims ?? []).entries()) {
      const side = i === 0 ? 'A' : 'B';
      const errors = JSON.parse(engine.validate(s.json)) as { path: string; message: string }[];
      const ref = exp.scenarios[side as 'A'];
      for (const e of errors) {
        const knob = exp.knobs.find((k) => k.path === e.path || k.also?.includes(e.path));
        const where = knob
          ? `knob ${e.path} (${knob.min} to ${knob.max})`
          : ref?.overrides && e.path in ref.overrides
            ? `scenarios.${side}.overrides.${e.path} (${ref.label}, ${ref.file})`
            : `scenario ${side} (${ref?.file ?? ''}) field ${e.path || '(whole scenario)'}`;
        out.push(`${where}, ${setting.name}: the engine says: ${e.message}`);
      }
    }
  }
  if (exp.sweep) {
    const sw = exp.sweep;
    const defaults = knobSettings(exp)[0].values;
    const built = buildSims(exp, texts, defaults, undefined);
    for (const [i, s] of (built.sims ?? []).entries()) {
      const side = i === 0 ? 'A' : 'B';
      sw.values.forEach((v, vi) => {
        let json: string;
        try {
          json = sweepScenario(s.json, sw, v);
        } catch (e) {
          out.push(`sweep.values[${vi}] ("${sw.labels[vi]}"): ${e instanceof Error ? e.message : String(e)}`);
          return;
        }
        for (const e of JSON.parse(engine.validate(json)) as { path: string; message: string }[]) {
          out.push(`sweep.values[${vi}] ("${sw.labels[vi]}"), scenario ${side}: the engine says: ${e.path || '(whole scenario)'}: ${e.message}`);
        }
      });
    }
  }
  if (exp.fillIndex !== undefined) {
    const built = buildSims(exp, texts, knobSettings(exp)[0].values, undefined);
    for (const [i, s] of (built.sims ?? []).entries()) {
      if (JSON.parse(engine.validate(s.json)).length) continue; // reported above
      const names = engine.indexNames(s.json);
      if (!names.includes(exp.fillIndex)) {
        out.push(`fill_index: scenario ${i === 0 ? 'A' : 'B'} has no index "${exp.fillIndex}"; it has ${names.join(', ')}`);
      }
    }
  }
  for (const c of exp.charts) {
    for (const col of [c.column, ...(c.limits ?? []).map((l) => l.column), ...(c.highlight ? [c.highlight.column] : [])]) {
      if (!engine.columns.includes(col)) out.push(`chart "${c.label}": no series column "${col}"; the engine writes: ${engine.columns.join(', ')}`);
    }
  }
  return [...new Set(out)];
}

/**
 * Every problem of every lesson: its parse errors (front matter, blocks, quiz answers)
 * and each experiment against the engine; ids and orders unique across lessons.
 */
export function checkLessons(lessons: { file: string; text: string }[], texts: Record<string, string>, engine: EngineForCheck): string[] {
  const out: string[] = [];
  const files = new Set(Object.keys(texts));
  const ids = new Map<string, string>();
  const orders = new Map<number, string>();
  for (const { file, text } of lessons) {
    const lesson = parseLesson(file, text, files);
    for (const e of lesson.errors) {
      // "file: experiment "x" (block 2, line 40): …" -> "file:40: …"; front matter -> line 1.
      const m = /^([^:]+): (.*)\(block \d+, line (\d+)\): (.*)$/.exec(e);
      if (m) out.push(`${m[1]}:${m[3]}: ${m[2].trim()}: ${m[4]}`);
      else out.push(e.replace(/^([^:]+): /, '$1:1: '));
    }
    if (lesson.meta.summary) {
      const other = ids.get(lesson.meta.id);
      if (other) out.push(`${file}:1: front matter id: "${lesson.meta.id}" is also used by ${other}`);
      ids.set(lesson.meta.id, file);
      const o = orders.get(lesson.meta.order);
      if (o) out.push(`${file}:1: front matter order: ${lesson.meta.order} is also used by ${o}`);
      orders.set(lesson.meta.order, file);
    }
    for (const s of lesson.steps)
      for (const b of s.blocks) {
        if (b.kind !== 'experiment') continue;
        for (const p of experimentProblems(b.experiment, texts, engine)) out.push(`${file}:${b.line ?? 1}: experiment "${b.experiment.id}": ${p}`);
      }
  }
  return out;
}
