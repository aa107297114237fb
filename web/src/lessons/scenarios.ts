// Turns an experiment block into the scenario JSON strings the engine runs: the files
// from lessons/scenarios/, then the block's overrides, each side's own overrides, the
// knob values and the seed.

import { applyOverrides, getPath, type JsonObject } from '../engine/scenario';
import { snap } from '../ui/knobScale';
import type { ExperimentSpec, KnobSpec, SweepSpec, SweepValueSpec } from './types';

export interface BuiltSim {
  label: string;
  json: string;
}

/** What the reader's value for knob `k` becomes here, and why when it is not used as is. */
function knobValueFor(k: KnobSpec, v: number | undefined): { value: number; note?: string } {
  if (v === undefined || !Number.isFinite(v)) return { value: k.default };
  const name = `${k.label} (k.${k.path})`;
  if (k.toggle ? v !== 0 && v !== 1 : v < k.min || v > k.max) {
    const range = k.toggle ? '0 or 1' : `${k.min} to ${k.max}`;
    return { value: k.default, note: `${name}: ${v} is outside this experiment's range (${range}), so it runs with its default, ${k.default}.` };
  }
  const s = snap(k, v);
  if (s !== v) return { value: s, note: `${name}: this knob moves in steps of ${k.step}, so ${v} runs as ${s}.` };
  return { value: v };
}

/** A knob placeholder in an experiment's title or side label: `{server.cores}`. */
export const KNOB_PLACEHOLDER_RE = /\{([A-Za-z0-9_.]+)\}/g;

/**
 * An experiment's title or side label with each `{knob path}` replaced by the value the
 * run uses ("{server.innodb_adaptive_hash_index_parts} partitions" → "8 partitions"); the
 * knob's default where `values` has none. A fixed "512 partitions" stayed on the panel
 * and in the legends when the reader turned the knob to 1.
 */
export function knobText(text: string, exp: ExperimentSpec, values: Record<string, number> = {}): string {
  return text.replace(KNOB_PLACEHOLDER_RE, (whole, path: string) => {
    const k = exp.knobs.find((x) => x.path === path);
    if (!k) return whole;
    const v = values[path] ?? k.default;
    return k.toggle ? (v ? 'ON' : 'OFF') : v.toLocaleString('en-US');
  });
}

/**
 * Knob pairs MySQL keeps in order (first ≤ second). Setting one past the other moves the
 * other with it, as SET GLOBAL does (innodb_io_capacity_update raises
 * innodb_io_capacity_max; innodb_io_capacity_max_update lowers innodb_io_capacity): the
 * scenario would otherwise be refused and the panel left empty.
 */
const ORDERED_KNOBS: [string, string][] = [['server.innodb_io_capacity', 'server.innodb_io_capacity_max']];

/**
 * The value of each knob of `exp`: the reader's (URL or slider) when it is within this
 * experiment's range, on the knob's step grid (as a typed value is), else the default.
 * (Experiments of one lesson may share a knob path with different ranges; a value chosen
 * for one must not push another out of range.)
 */
export function knobValuesFor(exp: ExperimentSpec, chosen: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of exp.knobs) out[k.path] = knobValueFor(k, chosen[k.path]).value;
  // An ordered pair out of order (a link's values): the first comes down to the second, as
  // MySQL does at startup (innobase_init lowers innodb_io_capacity to innodb_io_capacity_max).
  for (const [lo, hi] of ORDERED_KNOBS) if (out[lo] !== undefined && out[hi] !== undefined && out[lo] > out[hi]) out[lo] = out[hi];
  return out;
}

/** The knobs of `exp` that run with another value than the lesson's default, as "label
 *  value unit" ("off"/"on" for a toggle): a run with any of them is not the run a step's
 *  prediction is about (its question says "3,000 rows"; 500 never split a page), so it
 *  does not check one. That holds for a link's values too: a reload after moving a knob
 *  reads it back from the address. */
export function changedKnobs(exp: ExperimentSpec, chosen: Record<string, number>): string[] {
  return exp.knobs.flatMap((k) => {
    const v = knobValueFor(k, chosen[k.path]).value;
    if (v === k.default) return [];
    // "CPU cores 4", not "CPU cores 4 cores": a label that ends in its unit says it already.
    const unit = k.unit && !k.label.toLowerCase().endsWith(k.unit.toLowerCase()) ? ` ${k.unit}` : '';
    const shown = k.toggle ? (v ? 'on' : 'off') : `${v.toLocaleString('en-US')}${unit}`;
    return [`${k.label} ${shown}`];
  });
}

/** The knob paths of `exp` the reader has set (to any value, kept out of the address once
 *  reset) and whether a seed of theirs is in force; `changed` is what differs from the
 *  lesson ("Rows to insert 500", "Random seed 7"), for the button's title. Undefined when
 *  the experiment runs with the lesson's values. */
export function resetSummary(exp: ExperimentSpec, chosen: Record<string, number>, changed: string[]): { paths: string[]; seed: boolean; title: string; key: string } | undefined {
  const paths = exp.knobs.map((k) => k.path).filter((p) => chosen[p] !== undefined);
  const seed = changed.some((c) => c.startsWith('Random seed '));
  if (changed.length === 0) return undefined;
  const title = `Back to the lesson's values (${changed.join(', ')})`;
  return { paths, seed, title, key: `${paths.join(',')}|${seed}|${title}` };
}

/**
 * The knob values to set when the reader sets `path` to `value` in `exp`: that one, and the
 * other of an ordered pair where it has to move too (within its own range; where it cannot
 * go that far, the moved knob stops at the other's limit).
 */
export function knobMove(exp: ExperimentSpec, chosen: Record<string, number>, path: string, value: number): Record<string, number> {
  const now = knobValuesFor(exp, chosen);
  for (const [lo, hi] of ORDERED_KNOBS) {
    const other = path === lo ? hi : path === hi ? lo : undefined;
    const k = other && exp.knobs.find((x) => x.path === other);
    if (!other || !k) continue;
    if (path === lo && value > now[hi]) {
      const v = Math.min(value, k.max);
      return { [lo]: v, [hi]: v };
    }
    if (path === hi && value < now[lo]) {
      const v = Math.max(value, k.min);
      return { [lo]: v, [hi]: v };
    }
  }
  return { [path]: value };
}

/** A knob path's server variable ("innodb_io_capacity_max"): the pair's sentences name it,
 *  not the knob's label, whose "(at least io_capacity)" read as part of the sentence. */
const variableName = (p: string) => p.slice(p.lastIndexOf('.') + 1);

/**
 * What a knob move did to the other knob of its pair (from [`knobMove`]'s result), in a
 * line for the reader: the other field changes too, and without a word it looked as if
 * the page had changed a value by itself. Undefined when only the moved knob changed.
 */
export function knobMoveNote(path: string, asked: number, moves: Record<string, number>): string | undefined {
  const label = variableName;
  const pair = ORDERED_KNOBS.find((pr) => pr.includes(path));
  const other = pair?.find((p) => p !== path);
  if (!pair || other === undefined || moves[other] === undefined) return undefined;
  const n = (v: number) => v.toLocaleString('en-US');
  const stopped = moves[path] !== asked ? ` ${label(path)} stops at ${n(moves[path])}: ${label(other)} goes no further here.` : '';
  // Past the maximum, the maximum rises; below the minimum, the minimum comes down.
  const dir = other === pair[1] ? 'up' : 'down';
  return `${label(path)} ${n(moves[path])} moves ${label(other)} ${dir} to ${n(moves[other])} too: MySQL keeps ${label(pair[0])} at most ${label(pair[1])}, and SET GLOBAL of either moves the other this way.${stopped}`;
}

/** Why a value the reader chose is not what `exp` runs with (see knobValuesFor), one line per knob. */
export function knobNotesFor(exp: ExperimentSpec, chosen: Record<string, number>): string[] {
  const used = knobValuesFor(exp, chosen);
  const label = variableName;
  const lowered = ORDERED_KNOBS.flatMap(([lo, hi]) => {
    const knob = exp.knobs.find((k) => k.path === lo);
    const asked = knob ? knobValueFor(knob, chosen[lo]).value : undefined;
    if (asked === undefined || used[lo] === asked) return [];
    return [`${label(lo)} ${asked} is above ${label(hi)} ${used[hi]}: it runs at ${used[lo]}, as MySQL lowers it at startup.`];
  });
  return [...exp.knobs.flatMap((k) => knobValueFor(k, chosen[k.path]).note ?? []), ...lowered];
}

/**
 * Builds A (and B). `texts` maps file name -> raw JSON. Each side is its file, then the
 * experiment's `overrides`, then the side's own `overrides` (scenarios.B.overrides), then
 * the knob values, then the seed; a later step wins on a path both set. Both sides get the
 * same knob values and the same seed: the reader's, else the block's, else scenario A's own.
 */
export function buildSims(
  exp: ExperimentSpec,
  texts: Record<string, string | undefined>,
  chosenKnobs: Record<string, number>,
  seed: number | undefined,
): { sims?: BuiltSim[]; seed?: number; error?: string } {
  const refs = exp.scenarios.B ? [exp.scenarios.A, exp.scenarios.B] : [exp.scenarios.A];
  const parsed: JsonObject[] = [];
  for (const ref of refs) {
    const text = texts[ref.file];
    if (text === undefined) return { error: `Scenario file lessons/scenarios/${ref.file} is missing.` };
    try {
      const v: unknown = JSON.parse(text);
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return { error: `lessons/scenarios/${ref.file}: must be a JSON object.` };
      parsed.push(v as JsonObject);
    } catch (e) {
      return { error: `lessons/scenarios/${ref.file}: invalid JSON (${e instanceof Error ? e.message : String(e)}).` };
    }
  }
  const ownSeed = typeof parsed[0].seed === 'number' ? parsed[0].seed : undefined;
  const finalSeed = seed ?? exp.seed ?? ownSeed;
  const knobs = knobValuesFor(exp, chosenKnobs);
  const knobSet: Record<string, number | boolean> = { ...knobs };
  for (const k of exp.knobs) if (k.toggle) knobSet[k.path] = knobs[k.path] === 1; // a toggle sets a boolean
  for (const k of exp.knobs) for (const p of k.also ?? []) knobSet[p] = knobSet[k.path];
  const last: Record<string, number> = finalSeed !== undefined ? { seed: finalSeed } : {};
  try {
    // In this order, each on top of the one before: the file, the experiment's overrides,
    // this side's overrides, the knobs (both sides), the seed (both sides).
    const sims = parsed.map((scenario, i) => {
      let s = applyOverrides(scenario, exp.overrides);
      if (refs[i].overrides) s = applyOverrides(s, refs[i].overrides);
      const built = withChangesNoted(scenario, applyOverrides(s, { ...knobSet, ...last }), { ...exp.overrides, ...refs[i].overrides, ...knobSet }, refs[i].file);
      return { label: knobText(refs[i].label, exp, knobs), json: JSON.stringify(built) };
    });
    return { sims, seed: finalSeed };
  } catch (e) {
    return { error: `Experiment "${exp.id}": ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** The longest `description` a scenario may have (the engine's validate.rs). */
const MAX_DESCRIPTION = 4000;

/**
 * `built` with a sentence after the file's `description` naming the fields the lesson set
 * to other values than the file's: an exported scenario said `k_values = "existing"` of a
 * run with "random". Unchanged when nothing differs or there is no description.
 */
export function withChangesNoted(file: JsonObject, built: JsonObject, set: Record<string, unknown>, fileName: string): JsonObject {
  if (typeof built.description !== 'string') return built;
  const changed = Object.keys(set)
    .filter((path) => JSON.stringify(getPath(file, path)) !== JSON.stringify(getPath(built, path)))
    .map((path) => `${path} = ${JSON.stringify(getPath(built, path))}`);
  if (changed.length === 0) return built;
  const description = `${built.description} [This run sets ${changed.join(', ')} on top of lessons/scenarios/${fileName}.]`;
  // The engine takes at most MAX_DESCRIPTION characters: past that the file's text stays as it is.
  return description.length <= MAX_DESCRIPTION ? { ...built, description } : built;
}

/**
 * The scenario of one sweep run, as the worker builds it (for checks and tests): the
 * experiment's scenario with run.duration_s = run_s and the value set at the sweep's path
 * (a mapping value sets each of its paths).
 */
export function sweepScenario(json: string, sweep: Pick<SweepSpec, 'path' | 'runS'>, value: SweepValueSpec): string {
  const base = withRunSeconds(json, sweep.runS);
  const set = typeof value === 'object' ? value : { [sweep.path]: value };
  return JSON.stringify(applyOverrides(JSON.parse(base) as JsonObject, set));
}

/** `json` with run.duration_s set (each sweep run's length). */
export function withRunSeconds(json: string, runS: number): string {
  return JSON.stringify(applyOverrides(JSON.parse(json) as JsonObject, { 'run.duration_s': runS }));
}
