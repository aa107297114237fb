// Validates the YAML objects of ```experiment and ```quiz blocks and of the front
// matter. Each message starts with the field path ("knobs[0].max: ..."). The field
// validators live in validateParts.ts.

import { VIEW_NAMES, type ChartSpec, type ExperimentSpec, type FocusSpec, type KnobSpec, type LessonMeta, type LessonSource, type QuizSpec, type SizeReferenceSpec, type ViewName } from './types';
import { COUNTER_HELP } from '../views/metrics/counters';
import { isObj, show, Reader, overrideMap, scenarioRef, chart, knob, sizeReference, sweep, ID_RE, DEFAULT_VIEWS } from './validateParts';
import { KNOB_PLACEHOLDER_RE } from './scenarios';

export { MAX_SWEEP_RUN_S, MAX_SWEEP_VALUES } from './validateParts';

/** An index name as the engine allows in `table.indexes[].name` (and PRIMARY). */
const INDEX_NAME_RE = /^[A-Za-z0-9_]{1,64}$/;

/** Validates an experiment block object. Returns the spec only when it has no errors. */
export function validateExperiment(v: unknown, scenarioFiles?: ReadonlySet<string>): { spec?: ExperimentSpec; errors: string[] } {
  const errors: string[] = [];
  const r = new Reader(errors);
  if (!isObj(v)) return { errors: [`(block): must be a YAML mapping with id, title, scenarios, got ${show(v)}`] };
  r.unknownKeys(v, '', ['id', 'title', 'scenarios', 'overrides', 'views', 'charts', 'knobs', 'speed', 'seed', 'size_reference', 'sweep', 'fill_index']);
  const id = r.string(v, 'id', 'id', { re: ID_RE, what: 'lower-case letters, digits and dashes' });
  const title = r.string(v, 'title', 'title');

  let scenarios: ExperimentSpec['scenarios'] | undefined;
  if (!isObj(v.scenarios)) errors.push(`scenarios: required, { A: { label, file } } and optionally B`);
  else {
    r.unknownKeys(v.scenarios, 'scenarios.', ['A', 'B']);
    const A = v.scenarios.A === undefined ? (errors.push('scenarios.A: required'), undefined) : scenarioRef(r, v.scenarios.A, 'scenarios.A', scenarioFiles);
    const B = v.scenarios.B === undefined ? undefined : scenarioRef(r, v.scenarios.B, 'scenarios.B', scenarioFiles);
    if (A) scenarios = B ? { A, B } : { A };
  }

  const overrides: ExperimentSpec['overrides'] = v.overrides === undefined ? {} : overrideMap(r, v.overrides, 'overrides');

  let views: ViewName[] = DEFAULT_VIEWS;
  if (v.views !== undefined) {
    if (!Array.isArray(v.views)) errors.push(`views: must be a list of ${VIEW_NAMES.join(', ')}`);
    else {
      views = [];
      v.views.forEach((name, i) => {
        if (VIEW_NAMES.includes(name as ViewName)) views.push(name as ViewName);
        else errors.push(`views[${i}]: unknown view ${show(name)}; allowed: ${VIEW_NAMES.join(', ')}`);
      });
    }
  }

  const charts: ChartSpec[] = [];
  if (v.charts !== undefined) {
    if (!Array.isArray(v.charts)) errors.push('charts: must be a list of { column, label, unit }');
    else v.charts.forEach((c, i) => { const s = chart(r, c, `charts[${i}]`); if (s) charts.push(s); });
  }

  const knobs: KnobSpec[] = [];
  if (v.knobs !== undefined) {
    if (!Array.isArray(v.knobs)) errors.push('knobs: must be a list of { path, label, min, max, step, default }');
    else
      v.knobs.forEach((k, i) => {
        const s = knob(r, k, `knobs[${i}]`);
        const set = (o: KnobSpec) => [o.path, ...(o.also ?? [])];
        const clash = s && set(s).find((p) => knobs.some((o) => set(o).includes(p)));
        if (s && clash && knobs.some((o) => o.path === s.path)) errors.push(`knobs[${i}].path: ${s.path} is listed twice`);
        else if (s && clash) errors.push(`knobs[${i}]: ${clash} is set by an earlier knob's path or also too`);
        else if (s) knobs.push(s);
      });
  }

  // A side's override of a knob's path would never be used: the knob sets it on both sides after it.
  for (const side of ['A', 'B'] as const) {
    for (const p of Object.keys(scenarios?.[side]?.overrides ?? {})) {
      const ki = knobs.findIndex((k) => k.path === p || k.also?.includes(p));
      if (ki >= 0) errors.push(`scenarios.${side}.overrides.${p}: knobs[${ki}] sets this path on both sides after the side's overrides, so this value would never be used; drop one of them`);
    }
  }

  // `{path}` in the title or a side's label stands for a knob's value: it must name one.
  const labels: [string, string | undefined][] = [['title', title], ['scenarios.A.label', scenarios?.A?.label], ['scenarios.B.label', scenarios?.B?.label]];
  for (const [at, text] of labels) {
    for (const m of (text ?? '').matchAll(KNOB_PLACEHOLDER_RE)) {
      if (!knobs.some((k) => k.path === m[1])) errors.push(`${at}: {${m[1]}} must name one of this experiment's knobs (${knobs.length ? knobs.map((k) => k.path).join(', ') : 'it has none'}), got ${show(m[0])}`);
    }
  }

  let speed: ExperimentSpec['speed'] = 1;
  if (v.speed !== undefined) {
    if (v.speed === 'max' || (typeof v.speed === 'number' && v.speed > 0 && Number.isFinite(v.speed))) speed = v.speed;
    else errors.push(`speed: must be a positive number (simulated seconds per second) or "max", got ${show(v.speed)}`);
  }
  const seed = r.number(v, 'seed', 'seed', { required: false, integer: true });
  const sizeRefs: SizeReferenceSpec[] = [];
  if (v.size_reference !== undefined) {
    if (!Array.isArray(v.size_reference)) errors.push('size_reference: must be a list of { table, data_per_row, index_per_row, total_ratio }');
    else v.size_reference.forEach((x, i) => { const s = sizeReference(r, x, `size_reference[${i}]`); if (s) sizeRefs.push(s); });
  }

  const sweepSpec = v.sweep === undefined ? undefined : sweep(r, v.sweep);
  const fillIndex = r.string(v, 'fill_index', 'fill_index', { required: false, re: INDEX_NAME_RE, what: 'an index name (PRIMARY or one of the table\'s indexes)' });
  if (fillIndex !== undefined && !views.includes('fill-histogram')) errors.push('fill_index: only used by the fill-histogram view; add it to views or drop fill_index');

  if (errors.length || !id || !title || !scenarios) return { errors };
  return {
    spec: {
      id,
      title,
      scenarios,
      overrides,
      views,
      charts,
      knobs,
      speed,
      ...(seed !== undefined ? { seed } : {}),
      ...(sizeRefs.length ? { sizeReference: sizeRefs } : {}),
      ...(sweepSpec ? { sweep: sweepSpec } : {}),
      ...(fillIndex !== undefined ? { fillIndex } : {}),
    },
    errors,
  };
}

/** Validates a quiz block object; `experimentIds` are the lesson's experiments. */
export function validateQuiz(v: unknown, experimentIds: ReadonlySet<string>): { spec?: QuizSpec; errors: string[] } {
  const errors: string[] = [];
  const r = new Reader(errors);
  if (!isObj(v)) return { errors: [`(block): must be a YAML mapping with id, question, choices, answer, got ${show(v)}`] };
  r.unknownKeys(v, '', ['id', 'question', 'choices', 'answer', 'explain', 'after']);
  const id = r.string(v, 'id', 'id', { re: ID_RE, what: 'lower-case letters, digits and dashes' });
  const question = r.string(v, 'question', 'question');
  const explain = r.string(v, 'explain', 'explain');
  let choices: string[] | undefined;
  if (!Array.isArray(v.choices) || v.choices.length < 2) errors.push(`choices: must be a list of at least 2 answers, got ${show(v.choices)}`);
  else if (v.choices.some((c) => typeof c !== 'string' && typeof c !== 'number')) errors.push('choices: every choice must be text');
  else choices = v.choices.map(String);
  const answer = r.number(v, 'answer', 'answer', { integer: true });
  if (answer !== undefined && choices && (answer < 0 || answer >= choices.length)) {
    errors.push(`answer: must be the index of a choice, 0 to ${choices.length - 1}, got ${answer}`);
  }
  const after = r.string(v, 'after', 'after', { required: false, re: ID_RE, what: 'an experiment id' });
  if (after && !experimentIds.has(after)) errors.push(`after: no experiment "${after}" in this lesson`);
  if (errors.length || !id || !question || !explain || !choices || answer === undefined) return { errors };
  return { spec: { id, question, choices, answer, explain, ...(after ? { after } : {}) }, errors };
}

/**
 * Validates a focus block object on its own (`view`, and `chart` with the charts view);
 * whether the step's experiment shows that view is checked by the parser, which knows it.
 */
export function validateFocus(v: unknown): { spec?: FocusSpec; errors: string[] } {
  const errors: string[] = [];
  const r = new Reader(errors);
  if (!isObj(v)) return { errors: [`(block): must be a YAML mapping like "view: sizes", got ${show(v)}`] };
  r.unknownKeys(v, '', ['view', 'chart', 'counter']);
  const view = r.string(v, 'view', 'view');
  if (view !== undefined && !VIEW_NAMES.includes(view as ViewName)) errors.push(`view: unknown view ${show(view)}; allowed: ${VIEW_NAMES.join(', ')}`);
  const chart = r.string(v, 'chart', 'chart', { required: false });
  if (chart !== undefined && view !== 'charts') errors.push(`chart: only with "view: charts", got view ${show(view)}`);
  const counter = r.string(v, 'counter', 'counter', { required: false, re: /^[A-Za-z][A-Za-z0-9_]*$/, what: "a counter's name, e.g. adaptive_hash_pages_added" });
  if (counter !== undefined && view !== 'metrics') errors.push(`counter: only with "view: metrics", got view ${show(view)}`);
  else if (counter !== undefined && !COUNTER_HELP.some(([n]) => n === counter)) errors.push(`counter: ${show(counter)} is not a counter the Counters table explains (views/metrics/counters.ts), e.g. Innodb_buffer_pool_reads, adaptive_hash_pages_added`);
  if (errors.length || !view) return { errors };
  return { spec: { view: view as ViewName, ...(chart !== undefined ? { chart } : {}), ...(counter !== undefined ? { counter } : {}) }, errors };
}

/** Validates front matter. `fileId` is the file name without .md. */
export function validateFrontMatter(v: unknown, fileId: string): { meta?: Omit<LessonMeta, 'file'>; errors: string[] } {
  const errors: string[] = [];
  const r = new Reader(errors);
  if (!isObj(v)) return { errors: ['front matter: required at the top (--- id, title, summary, order ---)'] };
  r.unknownKeys(v, 'front matter ', ['id', 'title', 'summary', 'order', 'sources']);
  const id = r.string(v, 'id', 'front matter id', { re: ID_RE, what: 'lower-case letters, digits and dashes' });
  if (id && id !== fileId) errors.push(`front matter id: must match the file name "${fileId}", got "${id}"`);
  const title = r.string(v, 'title', 'front matter title');
  const summary = r.string(v, 'summary', 'front matter summary');
  const order = r.number(v, 'order', 'front matter order');
  const sources: LessonSource[] = [];
  if (v.sources !== undefined) {
    if (!Array.isArray(v.sources)) errors.push('front matter sources: must be a list');
    else
      v.sources.forEach((s, i) => {
        if (typeof s === 'string' && s.trim()) sources.push({ title: s });
        else if (isObj(s) && typeof s.title === 'string') sources.push({ title: s.title, ...(typeof s.url === 'string' ? { url: s.url } : {}) });
        else errors.push(`front matter sources[${i}]: must be text or { title, url }`);
      });
  }
  if (!id || !title || !summary || order === undefined) return { errors };
  return { meta: { id, title, summary, order, sources }, errors };
}
