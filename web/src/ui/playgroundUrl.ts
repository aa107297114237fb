// The playground's address (`#/playground?from=file:pk-random.json&ab=1&b.workload.threads=64`):
// the starting point (`from`: a preset id, or `defaults`), whether B is on (`ab=1`), and
// each setting of A (`a.<path>`) and B (`b.<path>`) that differs from the starting
// point; a copied link also carries the simulated time it was taken at (`t`, seconds).
// A value is read as JSON when it parses (64, true, [..]) and as text otherwise
// (point_select); an empty value leaves the field out. Pure: parsing never throws, and
// each refused parameter gets a message naming it and what is allowed.

import { PATH_RE } from '../engine/scenario';
import { formatSeconds, MAX_TIME_S } from './urlState';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

/** The starting point of the engine's defaults. */
export const FROM_DEFAULTS = 'defaults';
/** Most settings a link may carry per side, and longest value. */
export const MAX_SETTINGS = 60;
export const MAX_SETTING_VALUE = 1000;

/** What one side changes: path -> value (undefined: left out). */
export type Changes = Record<string, Json | undefined>;

export interface PlaygroundLink {
  from: string;
  ab: boolean;
  a: Changes;
  b: Changes;
  /** Simulated seconds the run opens at (a copied link's). */
  t?: number;
}

/** Leaf values by dotted path (arrays are one leaf). */
function leaves(v: Json, path: string, out: Map<string, Json>): Map<string, Json> {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    for (const [k, x] of Object.entries(v)) leaves(x, path ? `${path}.${k}` : k, out);
  } else if (path) {
    out.set(path, v);
  }
  return out;
}

function parseObj(text: string): Obj | null {
  try {
    const v = JSON.parse(text) as Json;
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

/** How a value is written in the address: text as itself unless it would read as JSON. */
function writeValue(v: Json): string {
  if (typeof v === 'string') {
    let json = true;
    try {
      JSON.parse(v);
    } catch {
      json = false;
    }
    return encodeURIComponent(json || v === '' ? JSON.stringify(v) : v);
  }
  return encodeURIComponent(JSON.stringify(v));
}

function readValue(raw: string): Json | undefined {
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw) as Json;
  } catch {
    return raw;
  }
}

/** The settings of `text` that differ from `base`, or an error when one has no path form. */
export function changesOf(base: string, text: string): Changes | { error: string } {
  const b = parseObj(base);
  const t = parseObj(text);
  if (!b || !t) return { error: 'the scenario is not a JSON object' };
  const lb = leaves(b, '', new Map());
  const lt = leaves(t, '', new Map());
  const out: Changes = {};
  for (const p of new Set([...lb.keys(), ...lt.keys()])) {
    const [x, y] = [lb.get(p), lt.get(p)];
    if (JSON.stringify(x) === JSON.stringify(y)) continue;
    if (!PATH_RE.test(p)) return { error: `the field "${p.slice(0, 40)}" has a name a link cannot carry` };
    out[p] = y;
  }
  return out;
}

/** `base` with each change applied (missing objects created; undefined removes the field). */
export function applyChanges(base: string, changes: Changes): string {
  const out = parseObj(base) ?? {};
  for (const [path, value] of Object.entries(changes)) {
    const keys = path.split('.');
    let node: Obj = out;
    for (const k of keys.slice(0, -1)) {
      const next = node[k];
      if (next === null || typeof next !== 'object' || Array.isArray(next)) node[k] = {};
      node = node[k] as Obj;
    }
    const last = keys[keys.length - 1];
    if (value === undefined) delete node[last];
    else node[last] = value;
  }
  return JSON.stringify(out, null, 2);
}

/** The query (without "?") for a starting point and the sides' changes. */
export function playgroundQuery(link: PlaygroundLink): string {
  const parts = [`from=${encodeURIComponent(link.from)}`];
  if (link.ab) parts.push('ab=1');
  const side = (s: 'a' | 'b', c: Changes) => {
    for (const [p, v] of Object.entries(c)) parts.push(`${s}.${p}=${v === undefined ? '' : writeValue(v)}`);
  };
  side('a', link.a);
  if (link.ab) side('b', link.b);
  if (link.t !== undefined && link.t > 0) parts.push(`t=${formatSeconds(link.t)}`);
  return parts.join('&');
}

/** The query for what runs: its starting point (`from`, a preset id or FROM_DEFAULTS) and
 *  each side's changes to that point's texts; null when a change cannot be carried. */
export function runningQuery(from: string, base: { A: string; B: string | null }, jsons: string[]): string | null {
  const a = changesOf(base.A, jsons[0]);
  const b = jsons.length > 1 ? changesOf(base.B ?? base.A, jsons[1]) : {};
  if ('error' in a || 'error' in b) return null;
  return playgroundQuery({ from, ab: jsons.length > 1, a, b });
}

/** A short, harmless rendering of a parameter name for a message. */
function show(raw: string): string {
  return /^[A-Za-z0-9_.:/-]{1,60}$/.test(raw) ? raw : '(a name that is not allowed)';
}

/**
 * Reads a playground query. `known` tells whether a starting point exists. Refused
 * parameters are left out with a message; a bad `from` drops the changes made to it.
 */
export function parsePlaygroundQuery(query: string, known: (from: string) => boolean): { link: PlaygroundLink | null; messages: string[] } {
  const q = query.replace(/^\?/, '');
  if (!q) return { link: null, messages: [] };
  const messages: string[] = [];
  const link: PlaygroundLink = { from: FROM_DEFAULTS, ab: false, a: {}, b: {} };
  const counts = { a: 0, b: 0 };
  let fromOk = true;
  const seen = new Set<string>();
  for (const part of q.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    const rawValue = eq < 0 ? '' : part.slice(eq + 1);
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent(rawName);
      value = decodeURIComponent(rawValue);
    } catch {
      messages.push(`Parameter "${show(rawName)}" is not valid URL encoding; it was ignored.`);
      continue;
    }
    // As on a lesson's page: the first of a repeated parameter counts (the last one ran, unsaid).
    if (seen.has(name)) {
      messages.push(`Parameter "${show(name)}" appears more than once; the first value was used.`);
      continue;
    }
    seen.add(name);
    if (name === 'from') {
      if (value === '') {
        fromOk = false;
        messages.push('Parameter "from" has no value; the engine defaults are shown instead, without the link\'s changes.');
      } else if (value === FROM_DEFAULTS || known(value)) link.from = value;
      else {
        fromOk = false;
        messages.push(`Parameter "from" must name a starting point of the playground (${FROM_DEFAULTS}, lesson:<lesson>/<experiment> or file:<scenario file>), got "${show(value)}"; the engine defaults are shown instead, without the link's changes.`);
      }
    } else if (name === 't') {
      const v = value.trim() === '' ? NaN : Number(value);
      if (Number.isFinite(v) && v >= 0 && v <= MAX_TIME_S) link.t = v;
      else messages.push(`Parameter "t" (simulated seconds) must be from 0 to ${MAX_TIME_S}, got ${value === '' ? 'nothing' : `"${show(value)}"`}; the run starts at 0.`);
    } else if (name === 'ab') {
      if (value === '1' || value === '0') link.ab = value === '1';
      else messages.push(`Parameter "ab" must be 1 (compare A with B) or 0, got "${show(value)}".`);
    } else if (/^[ab]\./.test(name)) {
      const side = name[0] as 'a' | 'b';
      const path = name.slice(2);
      if (!PATH_RE.test(path)) messages.push(`Parameter "${show(name)}": after "${side}." comes a scenario field path like workload.threads; it was ignored.`);
      else if (value.length > MAX_SETTING_VALUE) messages.push(`Parameter "${show(name)}" is too long (${value.length} characters; at most ${MAX_SETTING_VALUE}); it was ignored.`);
      else if (++counts[side] > MAX_SETTINGS) messages.push(`Parameter "${show(name)}": a link carries at most ${MAX_SETTINGS} settings per side; it was ignored.`);
      else link[side][path] = readValue(value);
    } else {
      messages.push(`Parameter "${show(name)}" is not a playground setting (allowed: from, ab, t, a.<field path>, b.<field path>); it was ignored.`);
    }
  }
  if (!fromOk) {
    link.from = FROM_DEFAULTS;
    link.a = {};
    link.b = {};
  }
  if (!link.ab && Object.keys(link.b).length) messages.push('The link sets B\'s fields but not "ab=1"; B is off and they were ignored.');
  return { link, messages };
}

/**
 * Why a link's run was refused, one line per field, named as the link's parameter where
 * the link set it ("a.workload.threads"), else as the scenario's field.
 */
export function linkRunErrors(link: PlaygroundLink, side: 'A' | 'B', errors: { path: string; message: string }[]): string[] {
  const changes = side === 'A' ? link.a : link.b;
  // The notice's heading says the scenario was not run.
  const tail = `fix it in the form and press “Run this scenario${link.ab ? ' pair' : ''}”.`;
  return errors.map((e) =>
    e.path in changes
      ? `Parameter "${side.toLowerCase()}.${e.path}" ${e.message}; ${tail}`
      : `The link's scenario${link.ab ? ` ${side}` : ''} has a problem at ${e.path || '(the whole scenario)'}: ${e.message}; ${tail}`,
  );
}
