// The parts of a lesson block: a field reader that collects every error with its path,
// and the validators of scenario references, charts, knobs (sliders and toggles), size
// references and sweeps. validate.ts puts them together into whole blocks.

import { SWEEP_METRICS, type SweepMetric } from '../engine/frames';
import { PATH_RE } from '../engine/scenario';
import type { ChartSpec, KnobSpec, OverrideMap, ScenarioRef, SizeReferenceSpec, SweepSpec, SweepValueSpec, ViewName } from './types';

type Obj = Record<string, unknown>;
export const ID_RE = /^[a-z0-9][a-z0-9-]{0,63}$/;
const FILE_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]*\.json$/;
export const DEFAULT_VIEWS: ViewName[] = ['btree', 'pool', 'charts', 'metrics'];

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function show(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

/** Collects errors while reading typed fields out of an untyped object. */
export class Reader {
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

/**
 * A mapping of scenario paths to values: the experiment's `overrides` (path "overrides")
 * or one side's (path "scenarios.B.overrides"). Every key must be a dotted scenario path
 * and every value a number, text or true/false; the bad entries are reported and left out.
 */
export function overrideMap(r: Reader, v: unknown, path: string): OverrideMap {
  const out: OverrideMap = {};
  if (!isObj(v)) {
    r.errors.push(`${path}: must be a mapping of scenario paths to values (e.g. { workload.max_rows: 20000 }), got ${show(v)}`);
    return out;
  }
  for (const [p, val] of Object.entries(v)) {
    if (!PATH_RE.test(p)) r.errors.push(`${path}.${p}: not a scenario path (use dots, e.g. workload.max_rows)`);
    else if (typeof val !== 'number' && typeof val !== 'string' && typeof val !== 'boolean') r.errors.push(`${path}.${p}: must be a number, text or true/false, got ${show(val)}`);
    else out[p] = val;
  }
  return out;
}

export function scenarioRef(r: Reader, v: unknown, path: string, scenarioFiles?: ReadonlySet<string>): ScenarioRef | undefined {
  if (!isObj(v)) {
    r.errors.push(`${path}: must be { label, file } (and optionally overrides), got ${show(v)}`);
    return undefined;
  }
  r.unknownKeys(v, `${path}.`, ['label', 'file', 'overrides']);
  const label = r.string(v, 'label', `${path}.label`);
  const file = r.string(v, 'file', `${path}.file`, { re: FILE_RE, what: 'a .json file name in lessons/scenarios/' });
  if (file && scenarioFiles && !scenarioFiles.has(file)) r.errors.push(`${path}.file: no file lessons/scenarios/${file}`);
  const overrides = v.overrides === undefined ? undefined : overrideMap(r, v.overrides, `${path}.overrides`);
  if (overrides && 'seed' in overrides) r.errors.push(`${path}.overrides.seed: A and B always run with one seed; set seed on the experiment instead`);
  return label && file ? { label, file, ...(overrides && Object.keys(overrides).length ? { overrides } : {}) } : undefined;
}

export function chart(r: Reader, v: unknown, path: string): ChartSpec | undefined {
  if (!isObj(v)) {
    r.errors.push(`${path}: must be { column, label, unit }, got ${show(v)}`);
    return undefined;
  }
  r.unknownKeys(v, `${path}.`, ['column', 'label', 'unit', 'reference', 'limits', 'highlight', 'from_zero']);
  const COL = { re: /^[a-z0-9_]+$/, what: 'a series column name (e.g. inserts_per_s)' };
  const column = r.string(v, 'column', `${path}.column`, COL);
  const label = r.string(v, 'label', `${path}.label`);
  const unit = r.string(v, 'unit', `${path}.unit`);
  let reference: ChartSpec['reference'];
  if (v.reference !== undefined) {
    if (!isObj(v.reference)) r.errors.push(`${path}.reference: must be { value, label }`);
    else {
      r.unknownKeys(v.reference, `${path}.reference.`, ['value', 'label', 'in_scale']);
      const value = r.number(v.reference, 'value', `${path}.reference.value`);
      const rl = r.string(v.reference, 'label', `${path}.reference.label`);
      const inScale = v.reference.in_scale;
      if (inScale !== undefined && typeof inScale !== 'boolean') r.errors.push(`${path}.reference.in_scale: must be true or false, got ${show(inScale)}`);
      if (value !== undefined && rl) reference = { value, label: rl, ...(inScale === true ? { inScale: true } : {}) };
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
  if (v.from_zero !== undefined && typeof v.from_zero !== 'boolean') r.errors.push(`${path}.from_zero: must be true or false, got ${show(v.from_zero)}`);
  const fromZero = v.from_zero === false ? { fromZero: false as const } : {};
  return column && label && unit
    ? { column, label, unit, ...(reference ? { reference } : {}), ...(limits.length ? { limits } : {}), ...(highlight ? { highlight } : {}), ...fromZero }
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

export function knob(r: Reader, v: unknown, path: string): KnobSpec | undefined {
  if (!isObj(v)) {
    r.errors.push(`${path}: must be { path, label, min, max, step, default }, got ${show(v)}`);
    return undefined;
  }
  if (v.toggle !== undefined) return toggleKnob(r, v, path);
  r.unknownKeys(v, `${path}.`, ['path', 'label', 'min', 'max', 'step', 'default', 'unit', 'scale', 'toggle', 'also']);
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
  const also = knobAlso(r, v.also, `${path}.also`, kp);
  if (!ok || !also || !kp || !label || min === undefined || max === undefined || def === undefined) return undefined;
  return { path: kp, label, min, max, step, default: def, scale: scale as 'linear' | 'log', ...(unit ? { unit } : {}), ...(also.length ? { also } : {}) };
}

/** Most paths in a knob's `also`. */
const MAX_ALSO = 4;

/** A knob's `also`: 1 to MAX_ALSO scenario paths, none its own path or listed twice; [] when
 *  left out, undefined (after an error) when not such a list. */
function knobAlso(r: Reader, v: unknown, path: string, own: string | undefined): string[] | undefined {
  if (v === undefined) return [];
  const what = `a list of 1 to ${MAX_ALSO} scenario paths the knob also sets (e.g. [workload.table_size])`;
  if (!Array.isArray(v) || v.length === 0 || v.length > MAX_ALSO) {
    r.errors.push(`${path}: must be ${what}, got ${show(v)}`);
    return undefined;
  }
  const out: string[] = [];
  v.forEach((p, i) => {
    if (typeof p !== 'string' || !PATH_RE.test(p)) r.errors.push(`${path}[${i}]: must be a scenario path (dots, e.g. workload.table_size), got ${show(p)}`);
    else if (p === own || out.includes(p)) r.errors.push(`${path}[${i}]: ${p} is ${p === own ? "the knob's own path" : 'listed twice'}`);
    else out.push(p);
  });
  return out.length === v.length ? out : undefined;
}

export function sizeReference(r: Reader, v: unknown, path: string): SizeReferenceSpec | undefined {
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
/** Most extra table columns per side (`sweep.table`): more would not fit a projector. */
export const MAX_SWEEP_TABLE = 3;

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

export function sweep(r: Reader, v: unknown): SweepSpec | undefined {
  const at = 'sweep';
  if (!isObj(v)) {
    r.errors.push(`${at}: must be { path, values, labels, run_s }, got ${show(v)}`);
    return undefined;
  }
  const before = r.errors.length;
  r.unknownKeys(v, `${at}.`, ['path', 'values', 'labels', 'run_s', 'metric', 'title', 'unit', 'table', 'reference']);
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
  const table: SweepMetric[] = [];
  if (v.table !== undefined) {
    if (!Array.isArray(v.table) || v.table.length > MAX_SWEEP_TABLE) r.errors.push(`${at}.table: must be a list of at most ${MAX_SWEEP_TABLE} sweep row fields, got ${show(v.table)}`);
    else
      v.table.forEach((m, i) => {
        if (!SWEEP_METRICS.includes(m as SweepMetric)) r.errors.push(`${at}.table[${i}]: unknown ${show(m)}; allowed: ${SWEEP_METRICS.join(', ')}`);
        else if (m === metric || table.includes(m as SweepMetric)) r.errors.push(`${at}.table[${i}]: ${show(m)} is already a column`);
        else table.push(m as SweepMetric);
      });
  }
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
  return { path, values, labels, runS, metric: metric as SweepMetric, title, unit, table, ...(reference ? { reference } : {}) };
}
