// Parses one lesson file into a Lesson: front matter, steps, validated blocks. Never
// throws: problems become messages naming the file, the block and the field.

import { parse as parseYaml } from 'yaml';
import { splitFrontMatter, splitLesson } from './split';
import type { Block, Lesson, LessonMeta } from './types';
import { validateExperiment, validateFocus, validateFrontMatter, validateQuiz } from './validate';
import { activeExperimentFor, experimentsOf } from './activeExperiment';

function yaml(text: string): { value?: unknown; error?: string } {
  try {
    return { value: parseYaml(text) as unknown };
  } catch (e) {
    return { error: e instanceof Error ? e.message.split('\n')[0] : String(e) };
  }
}

function fileId(file: string): string {
  return file.replace(/^.*\//, '').replace(/\.md$/, '');
}

/** Front matter only (for the home page). */
export function parseLessonMeta(file: string, text: string): { meta?: LessonMeta; errors: string[] } {
  const { frontMatter } = splitFrontMatter(text);
  if (frontMatter === null) return { errors: [`${file}: front matter: required at the top (--- id, title, summary, order ---)`] };
  const y = yaml(frontMatter);
  if (y.error) return { errors: [`${file}: front matter: invalid YAML: ${y.error}`] };
  const r = validateFrontMatter(y.value, fileId(file));
  return { meta: r.meta ? { ...r.meta, file } : undefined, errors: r.errors.map((e) => `${file}: ${e}`) };
}

/**
 * Parses a lesson. `scenarioFiles`, when given, is the set of files in lessons/scenarios/
 * that experiment blocks may name.
 */
export function parseLesson(file: string, text: string, scenarioFiles?: ReadonlySet<string>): Lesson {
  const errors: string[] = [];
  const metaResult = parseLessonMeta(file, text);
  errors.push(...metaResult.errors);
  const id = fileId(file);
  const meta: LessonMeta = metaResult.meta ?? { id, title: id, summary: '', order: 0, sources: [], file };

  const raw = splitLesson(text);
  // Experiment ids first, so a quiz may refer to an experiment further down.
  const experimentIds = new Set<string>();
  for (const s of raw.steps) for (const b of s.blocks) {
    if (b.kind !== 'experiment') continue;
    const y = yaml(b.text);
    const bid = (y.value as { id?: unknown } | undefined)?.id;
    if (typeof bid === 'string') experimentIds.add(bid);
  }

  const seen = new Set<string>();
  let n = 0;
  const steps = raw.steps.map((s, si) => {
    const blocks: Block[] = s.blocks.map((b): Block => {
      if (b.kind === 'prose') return { kind: 'prose', markdown: b.text };
      if (b.kind === 'notes') return { kind: 'notes', markdown: b.text };
      n += 1;
      const y = yaml(b.text);
      const bid = (y.value as { id?: unknown } | null | undefined)?.id;
      const where = `${file}: ${b.kind} ${typeof bid === 'string' ? `"${bid}" ` : ''}(block ${n}, line ${b.line})`;
      let messages: string[];
      if (y.error) messages = [`invalid YAML: ${y.error}`];
      else if (b.kind === 'focus') {
        const r = validateFocus(y.value);
        messages = r.errors;
        if (r.spec) return { kind: 'focus', focus: r.spec, line: b.line };
      } else if (b.kind === 'experiment') {
        const r = validateExperiment(y.value, scenarioFiles);
        messages = r.errors;
        if (r.spec && seen.has(r.spec.id)) messages = [`id: "${r.spec.id}" is used by another block`];
        else if (r.spec) {
          seen.add(r.spec.id);
          return { kind: 'experiment', experiment: r.spec, line: b.line };
        }
      } else {
        const r = validateQuiz(y.value, experimentIds);
        messages = r.errors;
        if (r.spec && seen.has(r.spec.id)) messages = [`id: "${r.spec.id}" is used by another block`];
        else if (r.spec) {
          seen.add(r.spec.id);
          return { kind: 'quiz', quiz: r.spec, line: b.line };
        }
      }
      const full = messages.map((m) => `${where}: ${m}`);
      errors.push(...full);
      return { kind: 'invalid', what: `${b.kind} block ${n}`, messages: full };
    });
    return { title: s.title || (si === 0 ? meta.title : `Step ${si + 1}`), blocks };
  });
  if (steps.length === 0) errors.push(`${file}: no content after the front matter`);
  // A focus names a view of the panel its step shows (the nearest experiment at or above it).
  const placed = experimentsOf({ meta, steps, errors });
  steps.forEach((s, si) => {
    s.blocks = s.blocks.map((b): Block => {
      if (b.kind !== 'focus') return b;
      const exp = activeExperimentFor(placed, si);
      const where = `${file}: focus (line ${b.line ?? '?'})`;
      let m: string | undefined;
      if (!exp) m = 'view: no experiment at or above this step shows a panel';
      else if (!exp.views.includes(b.focus.view)) m = `view: "${b.focus.view}" is not a view of experiment "${exp.id}" (${exp.views.join(', ')})`;
      else if (b.focus.chart !== undefined && !exp.charts.some((c) => c.column === b.focus.chart))
        m = `chart: experiment "${exp.id}" has no chart of column "${b.focus.chart}" (${exp.charts.map((c) => c.column).join(', ') || 'none'})`;
      if (!m) return b;
      errors.push(`${where}: ${m}`);
      return { kind: 'invalid', what: 'focus block', messages: [`${where}: ${m}`] };
    });
  });
  return { meta, steps, errors };
}
