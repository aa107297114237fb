// Lesson URL state (`?step=3&seed=7&k.workload.max_rows=50000&t=1.5&x=seq-vs-random&speed=0.01`):
// strict, pure parsing and serialization. `t` is the simulated time in seconds a shared
// link opens at; `x` names the experiment shown when it is not the step's own; `speed` the
// player's speed, when the link's sender had changed it. Bad parameters are ignored with a message for the reader; the
// messages are plain text and never echo markup.

import { SPEEDS, type Speed } from '../player/speed';

/** What a knob allows (from the lesson's experiment knob tables). */
export interface KnobRange {
  path: string;
  label?: string;
  min: number;
  max: number;
  /** An on/off knob: 0 or 1 only. */
  toggle?: boolean;
}

export interface UrlStateContext {
  stepCount: number;
  knobs: KnobRange[];
  /** Knob paths of the lesson's other experiments: named as such, not as unknown. */
  knobsElsewhere?: string[];
  /** Experiment ids `x` may name (none: `x` is refused). */
  experiments?: string[];
  /**
   * Parameters this page does not use, each with why ("step": an embed shows one
   * experiment): named as unused, not as a bad value (an embed said "step" must be from 1
   * to 1).
   */
  unused?: Partial<Record<'step' | 'x' | 't' | 'speed', string>>;
}

/** Parsed state; absent fields mean "use the lesson's defaults". */
export interface UrlState {
  step?: number; // 1-based
  seed?: number;
  knobs: Record<string, number>;
  /** Simulated time to open at, in seconds. */
  t?: number;
  /** Experiment to show (when not the step's own). */
  x?: string;
  /** The player's speed (a link taken at 0.01× in slow motion opened at the experiment's own). */
  speed?: Speed;
}

export interface UrlParseResult {
  state: UrlState;
  messages: string[]; // one per ignored parameter
  /** Parameters named but refused ("step", "seed", "k.<path>"): the page keeps its current value. */
  rejected: string[];
  /** The whole query was refused (e.g. too long): the page keeps everything as it is. */
  ignoredAll: boolean;
}

export const MAX_QUERY_LENGTH = 2000;
export const MAX_PARAMS = 40;
export const MAX_NAME_LENGTH = 80;
export const MAX_VALUE_LENGTH = 24;
export const MAX_SEED = 4294967295;
/** Longest simulated time a link may name (the engine's longest run, one day). */
export const MAX_TIME_S = 86400;
const EXPERIMENT_ID_RE = /^[a-z0-9][a-z0-9-]{0,63}$/;

const NUMBER_RE = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const SCRIPT_RE = /[<>"'`;(){}\\]|javascript:|data:|script|on\w+=/i;
const SAFE_NAME_RE = /^[A-Za-z0-9_.-]+$/;

/** A short, harmless rendering of user input for messages. */
function show(raw: string): string {
  if (SCRIPT_RE.test(raw) || !SAFE_NAME_RE.test(raw)) return '(text that is not allowed)';
  return raw.length > 30 ? `${raw.slice(0, 30)}…` : raw;
}

function decode(s: string): string | null {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** Checks one value as a number: returns it or a reason, which says what is `allowed`. */
/** Words an on/off knob's value may also be given as. */
const TOGGLE_WORDS = new Map([
  ['on', 1],
  ['true', 1],
  ['off', 0],
  ['false', 0],
]);

function number(name: string, raw: string, allowed = 'a number'): number | string {
  if (raw.trim() === '') return `Parameter "${name}" has no value; it was ignored.`;
  if (SCRIPT_RE.test(raw)) return `Parameter "${name}" contains text that is not allowed; only a number is. It was ignored.`;
  if (raw.length > MAX_VALUE_LENGTH) return `Parameter "${name}" is too long (at most ${MAX_VALUE_LENGTH} characters); it was ignored.`;
  if (!NUMBER_RE.test(raw)) return `Parameter "${name}" must be ${allowed}, got "${show(raw)}"; it was ignored.`;
  const v = Number(raw);
  if (!Number.isFinite(v)) return `Parameter "${name}" must be ${allowed}, got ${show(raw)}; it was ignored.`;
  return v;
}

function integerIn(name: string, raw: string, min: number, max: number, what: string): number | string {
  const allowed = `${what} from ${min} to ${max}`;
  const v = number(name, raw, allowed);
  if (typeof v === 'string') return v;
  if (!Number.isInteger(v) || v < min || v > max) return `Parameter "${name}" must be ${allowed}, got ${show(raw)}; it was ignored.`;
  return v;
}

/** Parses the query part of the hash (without "?"). */
export function parseUrlState(query: string, ctx: UrlStateContext): UrlParseResult {
  const state: UrlState = { knobs: {} };
  const messages: string[] = [];
  const rejected: string[] = [];
  if (query.startsWith('?')) query = query.slice(1);
  if (query === '') return { state, messages, rejected, ignoredAll: false };
  if (query.length > MAX_QUERY_LENGTH) return { state, messages: [tooLong(query)], rejected, ignoredAll: true };
  const parts = query.split('&').filter((p) => p !== '');
  if (parts.length > MAX_PARAMS) messages.push(`Only the first ${MAX_PARAMS} parameters were read.`);
  const seen = new Set<string>();
  const repeated = new Set<string>();
  const unknown: string[] = [];
  // Several experiments of a lesson may share a knob path with different ranges: accept
  // what any of them accepts (each experiment falls back to its default outside its own).
  const knobByPath = new Map<string, KnobRange>();
  for (const k of ctx.knobs) {
    const seenKnob = knobByPath.get(k.path);
    knobByPath.set(k.path, seenKnob ? { ...seenKnob, min: Math.min(seenKnob.min, k.min), max: Math.max(seenKnob.max, k.max) } : k);
  }

  for (const part of parts.slice(0, MAX_PARAMS)) {
    const eq = part.indexOf('=');
    const name = decode(eq < 0 ? part : part.slice(0, eq));
    if (name === null) {
      messages.push('A parameter name is not correctly encoded (bad %-escape); it was ignored.');
      continue;
    }
    if (name.length > MAX_NAME_LENGTH) {
      messages.push(`A parameter name is too long (at most ${MAX_NAME_LENGTH} characters); it was ignored.`);
      continue;
    }
    if (!SAFE_NAME_RE.test(name) || SCRIPT_RE.test(name)) {
      messages.push('A parameter name contains text that is not allowed (names are step, seed, t, x, speed or k.<knob>); it was ignored.');
      continue;
    }
    if (seen.has(name)) {
      // Once per name, however many times it repeats.
      if (!repeated.has(name)) messages.push(`Parameter "${name}" appears more than once; the first value was used.`);
      repeated.add(name);
      continue;
    }
    seen.add(name);

    const refuse = (message: string) => {
      messages.push(message);
      rejected.push(name);
    };
    const raw = decode(eq < 0 ? '' : part.slice(eq + 1));
    if (raw === null) {
      if (name === 'step' || name === 'seed' || name.startsWith('k.')) refuse(`Parameter "${name}" is not correctly encoded (bad %-escape); it was ignored.`);
      else messages.push(`Parameter "${name}" is not correctly encoded (bad %-escape); it was ignored.`);
      continue;
    }
    const unused = name === 'step' || name === 'x' || name === 't' || name === 'speed' ? ctx.unused?.[name] : undefined;
    if (unused !== undefined) {
      messages.push(`Parameter "${name}" is not used here: ${unused}. It was ignored.`);
    } else if (name === 'step') {
      const v = integerIn(name, raw, 1, Math.max(1, ctx.stepCount), 'a step number');
      if (typeof v === 'string') refuse(v);
      else state.step = v;
    } else if (name === 'seed') {
      const v = integerIn(name, raw, 0, MAX_SEED, 'an integer');
      if (typeof v === 'string') refuse(v);
      else state.seed = v;
    } else if (name === 't') {
      const v = number(name, raw, `a number of simulated seconds from 0 to ${MAX_TIME_S}`);
      if (typeof v === 'string') refuse(v);
      else if (v < 0 || v > MAX_TIME_S) refuse(`Parameter "t" (simulated seconds) must be from 0 to ${MAX_TIME_S}, got ${show(raw)}; the experiment starts at 0.`);
      else state.t = v;
    } else if (name === 'speed') {
      const v = SPEEDS.find((sp) => String(sp) === raw.trim().toLowerCase());
      const allowed = `one of ${SPEEDS.join(', ')} (simulated seconds per second)`;
      if (raw.trim() === '') refuse(`Parameter "speed" has no value (${allowed}); the experiment's own speed is used.`);
      else if (v === undefined) refuse(`Parameter "speed" must be ${allowed}, got "${show(raw)}"; the experiment's own speed is used.`);
      else state.speed = v;
    } else if (name === 'x') {
      const ids = ctx.experiments ?? [];
      if (!EXPERIMENT_ID_RE.test(raw) || !ids.includes(raw)) {
        refuse(`Parameter "x" must name an experiment of this page (${ids.length ? ids.join(', ') : 'none here'}), got "${show(raw)}"; the step's own experiment is shown.`);
      } else state.x = raw;
    } else if (name.startsWith('k.')) {
      const path = name.slice(2);
      const knob = knobByPath.get(path);
      if (!knob) {
        // The knobs are the shown experiment's: "none on this page" was wrong where other experiments of the page have some.
        const own = [...knobByPath.keys()].map((k) => `k.${k}`).join(', ');
        // The panel shows a "Random seed" field among its knobs; in the address it is "seed".
        if (path === 'seed') messages.push(`Parameter "${name}": the random seed is set with "seed" (e.g. seed=42), not as a knob. It was ignored.`);
        else if (ctx.knobsElsewhere?.includes(path)) messages.push(`Knob "${name}" belongs to another experiment of this lesson; ${own ? `this one's knobs: ${own}` : 'this one has no knobs but its seed (seed=…)'}. It was ignored.`);
        else messages.push(`Unknown knob "${name}"; ${own ? `allowed: ${own}` : 'the experiment shown has no knobs but its seed (seed=…)'}. It was ignored.`);
        continue;
      }
      // The knob's label after its name: "k.workload.oltp_index_updates" alone was not the
      // "UPDATEs per transaction" the reader sees.
      const named = (m: string) => (knob.label ? m.replace(`"${name}"`, `"${name}" (${knob.label})`) : m);
      // An on/off knob also takes the words the panel and the scenario files use for it.
      const word = knob.toggle ? TOGGLE_WORDS.get(raw.trim().toLowerCase()) : undefined;
      const v = word ?? number(name, raw, knob.toggle ? '0 (off) or 1 (on)' : `a number from ${knob.min} to ${knob.max}`);
      if (typeof v === 'string') refuse(named(v));
      else if (knob.toggle && v !== 0 && v !== 1) refuse(named(`Parameter "${name}" is an on/off knob: it must be 0 (off) or 1 (on), got ${show(raw)}; it was ignored.`));
      else if (v < knob.min || v > knob.max) refuse(named(`Parameter "${name}" must be from ${knob.min} to ${knob.max}, got ${show(raw)}; it was ignored.`));
      else state.knobs[path] = v;
    } else {
      unknown.push(name);
    }
  }
  // One line for all the unknown names (60 of them made 40 identical lines).
  if (unknown.length) {
    const names = unknown.slice(0, 3).map((n) => `"${n}"`).join(', ');
    const more = unknown.length > 3 ? ` and ${unknown.length - 3} more` : '';
    const allowed = ['step', 'seed', 't', 'x', 'speed', ...(knobByPath.size ? ['k.<knob>'] : [])].filter((n) => !(n in (ctx.unused ?? {}))).join(', ');
    messages.push(`Unknown parameter${unknown.length > 1 ? 's' : ''} ${names}${more}; allowed: ${allowed}. ${unknown.length > 1 ? 'They were' : 'It was'} ignored.`);
  }
  return { state, messages, rejected, ignoredAll: false };
}

/** Names the longest parameter of an over-long query when its name is harmless to show. */
function tooLong(query: string): string {
  const head = `The address is too long (${query.length} characters; at most ${MAX_QUERY_LENGTH}), so none of its settings were used.`;
  const longest = query.split('&').reduce((a, b) => (b.length > a.length ? b : a), '');
  const eq = longest.indexOf('=');
  const name = decode(eq < 0 ? longest : longest.slice(0, eq));
  if (name === null || name.length > MAX_NAME_LENGTH || !SAFE_NAME_RE.test(name) || SCRIPT_RE.test(name)) return head;
  return `${head} Parameter "${name}" alone is ${longest.length} characters.`;
}

/** Serializes state back to a query string (stable order; "" when empty). */
export function formatUrlState(state: UrlState): string {
  const parts: string[] = [];
  if (state.step !== undefined) parts.push(`step=${state.step}`);
  if (state.seed !== undefined) parts.push(`seed=${state.seed}`);
  for (const path of Object.keys(state.knobs).sort()) parts.push(`k.${path}=${state.knobs[path]}`);
  if (state.x !== undefined) parts.push(`x=${state.x}`);
  if (state.t !== undefined) parts.push(`t=${formatSeconds(state.t)}`);
  if (state.speed !== undefined) parts.push(`speed=${state.speed}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Seconds with at most 9 decimals (ns precision), no trailing zeros: 1.5, 0.000125. */
export function formatSeconds(t: number): string {
  return t.toFixed(9).replace(/\.?0+$/, '') || '0';
}
