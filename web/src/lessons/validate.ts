// Validates the YAML objects of ```experiment and ```quiz blocks and of the front
// matter. Each message starts with the field path ("knobs[0].max: ...").

import { SWEEP_METRICS, type SweepMetric } from '../engine/frames';
import { PATH_RE } from '../engine/scenario';
import {
  VIEW_NAMES,
  type ChartSpec,
  type ExperimentSpec,
  type KnobSpec,
  type LessonMeta,
  type LessonSource,
  type QuizSpec,
  type ScenarioRef,
  type SizeReferenceSpec,
  type SweepSpec,
  type SweepValueSpec,
  type ViewName,
} from './types';

type Obj = Record<string, unknown>;
const ID_RE = /^[a-z0-9][a-z0-9-]{0,63}$/;
const FILE_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]*\.json$/;
const DEFAULT_VIEWS: ViewName[] = ['btree', 'pool', 'charts', 'metrics'];

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function show(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

/** Collects errors while reading typed fields out of an untyped object. */
class Reader {
  constructor(readonly errors: string[]) {}

  unknownKeys(o: Obj, prefix: string, allowed: readonly string[]): void {
    for (const k of Object.keys(o)) {
      if (!allowed.includes(k)) this.errors.push(`${prefix}${k}: unknown field; allowed: ${allowed.join(', ')}`);
    }
  }

  string(o: Obj, key: string, path: string, opts: { required?: boolean; re?: RegExp; what?: string } = {}): string | undefined {
    const v = o[key];
    if (v === undefined || v === null) {
      if (opts.required !== false) this.errors.push(`${path}: required (${opts.what ?? 'text'})`);
      return undefined;
    }
    if (typeof v !== 'string' || v.trim() === '') {
      this.errors.push(`${path}: must be ${opts.what ?? 'non-empty text'}, got ${show(v)}`);
      return undefined;
    }
    if (opts.re && !opts.re.test(v)) {
      this.errors.push(`${path}: must be ${opts.what ?? `text matching ${opts.re}`}, got ${show(v)}`);
      return undefined;
    }
    return v;
  }

  number(o: Obj, key: string, path: string, opts: { required?: boolean; integer?: boolean } = {}): number | undefined {
    const v = o[key];
    if (v === undefined || v === null) {
      if (opts.required !== false) this.errors.push(`${path}: required (a number)`);
      return undefined;
    }
    if (typeof v !== 'number' || !Number.isFinite(v) || (opts.integer && !Number.isInteger(v))) {
      this.errors.push(`${path}: must be ${opts.integer ? 'an integer' : 'a number'}, got ${show(v)}`);
      return undefined;
    }
    return v;
  }
}

function scenarioRef(r: Reader, v: unknown, path: string, scenarioFiles?: ReadonlySet<string>): ScenarioRef | undefined {
  if (!isObj(v)) {
    r.errors.push(`${path}: must be { label, file }, got ${show(v)}`);
    return undefined;
  }
  r.unknownKeys(v, `${path}.`, ['label', 'file']);
  const label = r.string(v, 'label', `${path}.label`);
  const file = r.string(v, 'file', `${path}.file`, { re: FILE_RE, what: 'a .json file name in lessons/scenarios/' });
  if (file && scenarioFiles && !scenarioFiles.has(file)) r.errors.push(`${path}.file: no file lessons/scenarios/${file}`);
  return label && file ? { label, file } : undefined;
}

function chart(r: Reader, v: unknown, path: string): ChartSpec | undefined {
  if (!isObj(v)) {
    r.errors.push(`${path}: must be { column, label, unit }, got ${show(v)}`);
    return undefined;
  }
  r.unknownKeys(v, `${path}.`, ['column', 'label', 'unit', 'reference', 'limits', 'highlight']);
  const COL = { re: /^[a-z0-9_]+$/, what: 'a series column name (e.g. inserts_per_s)' };
  const column = r.string(v, 'column', `${path}.column`, COL);
  const label = r.string(v, 'label', `${path}.label`);
  const unit = r.string(v, 'unit', `${path}.unit`);
  let reference: ChartSpec['reference'];
  if (v.reference !== undefined) {
    if (!isObj(v.reference)) r.errors.push(`${path}.reference: must be { value, label }`);
    else {
      r.unknownKeys(v.reference, `${path}.reference.`, ['value', 'label']);
      const value = r.number(v.reference, 'value', `${path}.reference.value`);
      const rl = r.string(v.reference, 'label', `${path}.reference.label`);
      if (value !== undefined && rl) reference = { value, label: rl };
    }
  }
  const limits: NonNullable<ChartSpec['limits']> = [];
  if (v.limits !== undefined) {
    if (!Array.isArray(v.limits)) r.errors.push(`${path}.limits: must be a list of { column, label }, got ${show(v.limits)}`);
    else
      v.limits.forEach((l, i) => {
        const lp = `${path}.limits[${i}]`;
        if (!isObj(l)) return void r.errors.push(`${lp}: must be { column, label }, got ${show(l)}`);
        r.unknownKeys(l, `${lp}.`, ['column', 'label']);
        const lc = r.string(l, 'column', `${lp}.column`, COL);
        const ll = r.string(l, 'label', `${lp}.label`);
        if (lc && ll) limits.push({ column: lc, label: ll });
      });
  }
  let highlight: ChartSpec['highlight'];
  if (v.highlight !== undefined) {
    const hp = `${path}.highlight`;
    if (!isObj(v.highlight)) r.errors.push(`${hp}: must be { column, above, label }, got ${show(v.highlight)}`);
    else {
      r.unknownKeys(v.highlight, `${hp}.`, ['column', 'above', 'label']);
      const hc = r.string(v.highlight, 'column', `${hp}.column`, COL);
      const ha = r.number(v.highlight, 'above', `${hp}.above`);
      const hl = r.string(v.highlight, 'label', `${hp}.label`);
      if (hc && ha !== undefined && hl) highlight = { column: hc, above: ha, label: hl };
    }
  }
  return column && label && unit
    ? { column, label, unit, ...(reference ? { reference } : {}), ...(limits.length ? { limits } : {}), ...(highlight ? { highlight } : {}) }
    : undefined;
}

/** `{ path, label, toggle: true, default: true|false }`: a checkbox for a boolean field. */
function toggleKnob(r: Reader, v: Obj, path: string): KnobSpec | undefined {
  r.unknownKeys(v, `${path}.`, ['path', 'label', 'toggle', 'default']);
  const kp = r.string(v, 'path', `${path}.path`, { re: PATH_RE, what: 'a JSON path into the scenario (e.g. server.innodb_adaptive_flushing)' });
  const label = r.string(v, 'label', `${path}.label`);
  let ok = true;
  if (v.toggle !== true) {
    r.errors.push(`${path}.toggle: must be true (or left out for a slider), got ${show(v.toggle)}`);
    ok = false;
  }
  if (typeof v.default !== 'boolean') {
    r.errors.push(`${path}.default: a toggle's default must be true or false, got ${show(v.default)}`);
    ok = false;
  }
  if (!ok || !kp || !label) return undefined;
  return { path: kp, label, min: 0, max: 1, step: 1, default: v.default ? 1 : 0, scale: 'linear', toggle: true };
}

function knob(r: Reader, v: unknown, path: string): KnobSpec | undefined {
  if (!isObj(v)) {
    r.errors.push(`${path}: must be { path, label, min, max, step, default }, got ${show(v)}`);
    return undefined;
  }
  if (v.toggle !== undefined) return toggleKnob(r, v, path);
  r.unknownKeys(v, `${path}.`, ['path', 'label', 'min', 'max', 'step', 'default', 'unit', 'scale', 'toggle']);
  const kp = r.string(v, 'path', `${path}.path`, { re: PATH_RE, what: 'a JSON path into the scenario (e.g. workload.threads)' });
  const label = r.string(v, 'label', `${path}.label`);
  const min = r.number(v, 'min', `${path}.min`);
  const max = r.number(v, 'max', `${path}.max`);
  const step = r.number(v, 'step', `${path}.step`, { required: false }) ?? 1;
  const def = r.number(v, 'default', `${path}.default`);
  const unit = r.string(v, 'unit', `${path}.unit`, { required: false });
  const scale = v.scale ?? 'linear';
  let ok = true;
  if (scale !== 'linear' && scale !== 'log') {
    r.errors.push(`${path}.scale: must be linear or log, got ${show(scale)}`);
    ok = false;
  }
  if (!(step > 0)) {
    r.errors.push(`${path}.step: must be greater than 0, got ${show(step)}`);
    ok = false;
  }
  if (min !== undefined && max !== undefined && min >= max) {
    r.errors.push(`${path}.max: must be greater than min (${min}), got ${max}`);
    ok = false;
  }
  if (scale === 'log' && min !== undefined && min <= 0) {
    r.errors.push(`${path}.min: must be greater than 0 on a log scale, got ${min}`);
    ok = false;
  }
  if (def !== undefined && min !== undefined && max !== undefined && (def < min || def > max)) {
    r.errors.push(`${path}.default: must be from ${min} to ${max}, got ${def}`);
    ok = false;
  }
  if (!ok || !kp || !label || min === undefined || max === undefined || def === undefined) return undefined;
  return { path: kp, label, min, max, step, default: def, scale: scale as 'linear' | 'log', ...(unit ? { unit } : {}) };
}

function sizeReference(r: Reader, v: unknown, path: string): SizeReferenceSpec | undefined {
  if (!isObj(v)) {
    r.errors.push(`${path}: must be { table, data_per_row, index_per_row, total_ratio, rows? }, got ${show(v)}`);
    return undefined;
  }
  r.unknownKeys(v, `${path}.`, ['table', 'data_per_row', 'index_per_row', 'total_ratio', 'rows']);
  const table = r.string(v, 'table', `${path}.table`);
  const dataPerRow = r.number(v, 'data_per_row', `${path}.data_per_row`);
  const indexPerRow = r.number(v, 'index_per_row', `${path}.index_per_row`);
  const totalRatio = r.number(v, 'total_ratio', `${path}.total_ratio`);
  const rows = r.number(v, 'rows', `${path}.rows`, { required: false });
  if (!table || dataPerRow === undefined || indexPerRow === undefined || totalRatio === undefined) return undefined;
  return { table, dataPerRow, indexPerRow, totalRatio, ...(rows !== undefined ? { rows } : {}) };
}

/** Most values in one sweep (the engine's MAX_SWEEP_VALUES). */
export const MAX_SWEEP_VALUES = 64;
/** Longest run of one sweep value, simulated seconds. */
export const MAX_SWEEP_RUN_S = 60;

const isScalar = (v: unknown): v is number | string | boolean => (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'string' || typeof v === 'boolean';

function sweepValue(r: Reader, v: unknown, path: string): SweepValueSpec | undefined {
  if (isScalar(v)) return v;
  if (isObj(v) && Object.keys(v).length > 0) {
    const out: Record<string, number | string | boolean> = {};
    for (const [p, x] of Object.entries(v)) {
      if (!PATH_RE.test(p)) r.errors.push(`${path}.${p}: not a scenario path (use dots, e.g. server.query_cache_type)`);
      else if (!isScalar(x)) r.errors.push(`${path}.${p}: must be a number, text or true/false, got ${show(x)}`);
      else out[p] = x;
    }
    return out;
  }
  r.errors.push(`${path}: must be a number, text, true/false, or a mapping of scenario paths to values, got ${show(v)}`);
  return undefined;
}

function sweep(r: Reader, v: unknown): SweepSpec | undefined {
  const at = 'sweep';
  if (!isObj(v)) {
    r.errors.push(`${at}: must be { path, values, labels, run_s }, got ${show(v)}`);
    return undefined;
  }
  const before = r.errors.length;
  r.unknownKeys(v, `${at}.`, ['path', 'values', 'labels', 'run_s', 'metric', 'title', 'unit', 'reference']);
  const path = r.string(v, 'path', `${at}.path`, { re: PATH_RE, what: 'a JSON path into the scenario (e.g. server.query_cache_size)' });
  const values: SweepValueSpec[] = [];
  if (!Array.isArray(v.values) || v.values.length < 1 || v.values.length > MAX_SWEEP_VALUES) {
    r.errors.push(`${at}.values: must be a list of 1 to ${MAX_SWEEP_VALUES} values, got ${show(v.values)}`);
  } else
    v.values.forEach((x, i) => {
      const s = sweepValue(r, x, `${at}.values[${i}]`);
      if (s !== undefined) values.push(s);
    });
  const n = Array.isArray(v.values) ? v.values.length : 0;
  let labels: string[] = [];
  if (v.labels === undefined) labels = values.map((x) => (isScalar(x) ? String(x) : Object.values(x).join(' ')));
  else if (!Array.isArray(v.labels) || v.labels.some((l) => (typeof l !== 'string' && typeof l !== 'number') || String(l).trim() === '')) {
    r.errors.push(`${at}.labels: must be a list of texts, one per value, got ${show(v.labels)}`);
  } else if (v.labels.length !== n) r.errors.push(`${at}.labels: must have one label per value (${n}), got ${v.labels.length}`);
  else labels = v.labels.map(String);
  const runS = r.number(v, 'run_s', `${at}.run_s`);
  if (runS !== undefined && !(runS > 0 && runS <= MAX_SWEEP_RUN_S)) r.errors.push(`${at}.run_s: must be more than 0 and at most ${MAX_SWEEP_RUN_S} simulated seconds, got ${runS}`);
  const metric = v.metric ?? 'selectsPerS';
  if (!SWEEP_METRICS.includes(metric as SweepMetric)) r.errors.push(`${at}.metric: unknown ${show(metric)}; allowed: ${SWEEP_METRICS.join(', ')}`);
  const title = r.string(v, 'title', `${at}.title`, { required: false }) ?? (metric === 'selectsPerS' ? 'SELECTs per second' : String(metric));
  const unit = r.string(v, 'unit', `${at}.unit`, { required: false }) ?? (metric === 'selectsPerS' ? 'SELECT/s' : '');
  let reference: SweepSpec['reference'];
  if (v.reference !== undefined) {
    const rp = `${at}.reference`;
    if (!isObj(v.reference)) r.errors.push(`${rp}: must be { label, A, B }, got ${show(v.reference)}`);
    else {
      r.unknownKeys(v.reference, `${rp}.`, ['label', 'A', 'B']);
      const label = r.string(v.reference, 'label', `${rp}.label`);
      const list = (side: 'A' | 'B'): (number | null)[] | undefined => {
        const x = (v.reference as Record<string, unknown>)[side];
        if (x === undefined) return undefined;
        if (!Array.isArray(x) || x.length !== n || x.some((y) => y !== null && (typeof y !== 'number' || !Number.isFinite(y)))) {
          r.errors.push(`${rp}.${side}: must be a list of ${n} numbers or null (one per value), got ${show(x)}`);
          return undefined;
        }
        return x as (number | null)[];
      };
      const A = list('A');
      const B = list('B');
      if (label) reference = { label, ...(A ? { A } : {}), ...(B ? { B } : {}) };
    }
  }
  if (r.errors.length > before || !path || runS === undefined) return undefined;
  return { path, values, labels, runS, metric: metric as SweepMetric, title, unit, ...(reference ? { reference } : {}) };
}

/** Validates an experiment block object. Returns the spec only when it has no errors. */
export function validateExperiment(v: unknown, scenarioFiles?: ReadonlySet<string>): { spec?: ExperimentSpec; errors: string[] } {
  const errors: string[] = [];
  const r = new Reader(errors);
  if (!isObj(v)) return { errors: [`(block): must be a YAML mapping with id, title, scenarios, got ${show(v)}`] };
  r.unknownKeys(v, '', ['id', 'title', 'scenarios', 'overrides', 'views', 'charts', 'knobs', 'speed', 'seed', 'size_reference', 'sweep']);
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

  const overrides: ExperimentSpec['overrides'] = {};
  if (v.overrides !== undefined) {
    if (!isObj(v.overrides)) errors.push(`overrides: must be a mapping of scenario paths to values, got ${show(v.overrides)}`);
    else
      for (const [p, val] of Object.entries(v.overrides)) {
        if (!PATH_RE.test(p)) errors.push(`overrides.${p}: not a scenario path (use dots, e.g. workload.max_rows)`);
        else if (typeof val !== 'number' && typeof val !== 'string' && typeof val !== 'boolean') errors.push(`overrides.${p}: must be a number, text or true/false, got ${show(val)}`);
        else overrides[p] = val;
      }
  }

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
        if (s && knobs.some((o) => o.path === s.path)) errors.push(`knobs[${i}].path: ${s.path} is listed twice`);
        else if (s) knobs.push(s);
      });
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
