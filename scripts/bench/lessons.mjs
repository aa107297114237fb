// Finds the lessons and their experiments from lessons/*.md, so a new lesson joins the
// bench without edits here. Steps are counted as web/src/lessons/split.ts counts them
// (`## ` headings outside code fences; text before the first heading is step 1 only when
// it has content), so `#/lesson/<id>?step=N` opens the step holding each experiment.
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ROOT } from '../lib/util.mjs';

export const LESSONS_DIR = path.join(ROOT, 'lessons');
export const SCENARIOS_DIR = path.join(LESSONS_DIR, 'scenarios');

const FENCE_RE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/;

/** Steps of a lesson body: [{ title, experiments: [yaml text] }]. */
function splitSteps(text) {
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').replace(/^---\n[\s\S]*?\n---[ \t]*(\n|$)/, '');
  const steps = [];
  let step = { title: '', content: false, experiments: [] };
  let fence = null;
  for (const line of body.split('\n')) {
    if (fence) {
      if (new RegExp(`^ {0,3}${fence.marker[0] === '`' ? '`' : '~'}{${fence.marker.length},}\\s*$`).test(line)) {
        if (fence.kind === 'experiment') step.experiments.push(fence.lines.join('\n'));
        fence = null;
      } else fence.lines.push(line);
      continue;
    }
    const f = FENCE_RE.exec(line);
    if (f) {
      fence = { marker: f[1], kind: f[2].toLowerCase(), lines: [] };
      step.content = true;
      continue;
    }
    const h = /^##\s+(.*?)\s*#*\s*$/.exec(line);
    if (h && !line.startsWith('###')) {
      if (step.content || step.title) steps.push(step);
      step = { title: h[1], content: false, experiments: [] };
      continue;
    }
    if (line.trim()) step.content = true;
  }
  if (fence?.kind === 'experiment') step.experiments.push(fence.lines.join('\n'));
  if (step.content || step.title) steps.push(step);
  return steps;
}

/**
 * Every lesson (drafts starting with "_" skipped), sorted by front-matter `order`:
 * { id, title, order, firstHeading, experiments: [{ id, step (1-based), files: {A, B?}, overrides, knobs }],
 *   scenarioFiles: [distinct file names, in first-use order] }.
 */
export function discoverLessons() {
  if (!fs.existsSync(LESSONS_DIR)) return [];
  const lessons = [];
  for (const name of fs.readdirSync(LESSONS_DIR).sort()) {
    if (!name.endsWith('.md') || /^(readme|_)/i.test(name)) continue; // README.md is the authoring guide
    const text = fs.readFileSync(path.join(LESSONS_DIR, name), 'utf8');
    const fm = /^---\n([\s\S]*?)\n---/.exec(text.replace(/\r\n?/g, '\n'));
    let meta = {};
    try {
      meta = (fm && parseYaml(fm[1])) || {};
    } catch {
      meta = {};
    }
    const id = name.replace(/\.md$/, '');
    const experiments = [];
    const steps = splitSteps(text);
    steps.forEach((s, i) => {
      for (const y of s.experiments) {
        let spec;
        try {
          spec = parseYaml(y);
        } catch {
          continue; // the lesson tests report bad blocks; the bench skips them
        }
        const files = {};
        for (const side of ['A', 'B']) if (spec?.scenarios?.[side]?.file) files[side] = spec.scenarios[side].file;
        if (!files.A) continue;
        experiments.push({ id: String(spec.id ?? `step-${i + 1}`), step: i + 1, files, overrides: spec.overrides ?? {}, knobs: spec.knobs ?? [] });
      }
    });
    const scenarioFiles = [...new Set(experiments.flatMap((e) => Object.values(e.files)))];
    const firstHeading = steps.find((s) => s.title)?.title;
    lessons.push({ id, title: String(meta.title ?? id), order: Number(meta.order ?? 0), firstHeading, experiments, scenarioFiles });
  }
  return lessons.sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}

/** Raw JSON text of lessons/scenarios/<file>. */
export function scenarioText(file) {
  return fs.readFileSync(path.join(SCENARIOS_DIR, file), 'utf8');
}

/** A copy of `scenario` with dotted-path values set (like web/src/engine/scenario.ts). */
export function withOverrides(scenario, values) {
  const out = structuredClone(scenario);
  for (const [p, v] of Object.entries(values)) {
    const keys = p.split('.');
    let o = out;
    for (const k of keys.slice(0, -1)) {
      if (typeof o[k] !== 'object' || o[k] === null) o[k] = {};
      o = o[k];
    }
    o[keys[keys.length - 1]] = v;
  }
  return out;
}

/**
 * The lesson's largest table: the highest `workload.max_rows` any experiment allows
 * (knob max, else override), with that experiment's overrides and files.
 */
export function largestScenario(lesson) {
  let best = null;
  for (const e of lesson.experiments) {
    const knob = e.knobs.find((k) => k.path === 'workload.max_rows');
    const rows = Math.max(Number(knob?.max ?? 0), Number(e.overrides['workload.max_rows'] ?? 0));
    if (rows > 0 && (!best || rows > best.rows)) best = { experiment: e, rows };
  }
  return best;
}
