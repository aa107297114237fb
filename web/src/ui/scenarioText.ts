// The playground's checks of a scenario text before it runs: JSON syntax (with the line
// and column of a mistake), a key given twice, values JSON can hold but the engine would
// read as "not given", and whether a field the engine names was left out of the text.

import { duplicateKey, jsonErrorOffset, lineColumn } from './jsonLocate';

/** Longest scenario text accepted (a full scenario is ~1–2 kB). */
export const MAX_SCENARIO_CHARS = 100_000;

/** Points at a JSON syntax error: "Invalid JSON at line 3, column 7: Unexpected token …". */
export function jsonProblem(text: string): string | null {
  if (text.length > MAX_SCENARIO_CHARS) return `The scenario is too long (${text.length} characters; at most ${MAX_SCENARIO_CHARS}).`;
  const deep = depthProblem(text);
  if (deep) return deep;
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'The scenario must be a JSON object ({ … }).';
    return keyProblem(text) ?? valueProblem(v, '');
  } catch (e) {
    const msg = (e instanceof Error ? e.message : String(e)).replace(/ in JSON at position \d+.*$/, '');
    const at = jsonErrorOffset(text);
    if (at < 0) return `Invalid JSON: ${msg}`;
    const { line, column } = lineColumn(text, at);
    return `Invalid JSON at line ${line}, column ${column}: ${at >= text.length ? 'the text ends too early' : msg}`;
  }
}

/**
 * A key given twice in one object: JSON.parse keeps the last value, so the first one (the
 * one a reader may be looking at) was ignored without a word.
 */
function keyProblem(text: string): string | null {
  const d = duplicateKey(text);
  if (!d) return null;
  const { line, column } = lineColumn(text, d.at);
  return `${d.path}: given twice (again at line ${line}, column ${column}); only the last value would count. Keep one of them.`;
}

/**
 * Values the scenario's JSON can hold but the engine would read as "not given": a number
 * too large for a double (1e400 parses as Infinity, which JSON.stringify writes as null)
 * and an explicit null. Both ran with the field's default and no word said.
 */
function valueProblem(v: unknown, path: string): string | null {
  const at = path || '(the whole scenario)';
  if (v === null) return `${at}: null is not a value here; give one, or leave the field out to take the engine's default.`;
  if (typeof v === 'number' && !Number.isFinite(v)) return `${at}: the number is too large to be read (${v > 0 ? '' : '−'}infinite); give a finite number.`;
  if (typeof v !== 'object') return null;
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    const p = valueProblem(x, Array.isArray(v) ? `${path}[${k}]` : path ? `${path}.${k}` : k);
    if (p) return p;
  }
  return null;
}

/**
 * Whether the scenario text leaves out the field at `path` ("table.prepare_rows"; an A/B
 * prefix "A: " is dropped): the engine then named a field the user never wrote (`{}`
 * read "table.prepare_rows: point_select needs rows to read").
 */
export function leftOut(text: string, path: string): boolean {
  const keys = path.replace(/^[AB]: /, '').split('.').filter(Boolean);
  if (!keys.length || keys.some((k) => /\[|\]/.test(k))) return false;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return false;
  }
  for (const k of keys) {
    if (typeof v !== 'object' || v === null || !(k in v)) return true;
    v = (v as Record<string, unknown>)[k];
  }
  return false;
}

/** Nesting a scenario may have: its deepest field is 4 levels down (run.changes[0].at_s). */
export const MAX_JSON_DEPTH = 32;

/**
 * Objects and arrays nested deeper than MAX_JSON_DEPTH, where the first one opens. A text
 * 20,000 levels deep, valid JSON, gave "Maximum call stack size exceeded" (the checks
 * below walk it recursively), and the settings form took it for an empty scenario.
 */
export function depthProblem(text: string): string | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (++depth > MAX_JSON_DEPTH) {
        const { line, column } = lineColumn(text, i);
        return `The scenario is nested too deeply at line ${line}, column ${column}: at most ${MAX_JSON_DEPTH} levels of objects and arrays.`;
      }
    } else if (c === '}' || c === ']') depth--;
  }
  return null;
}
