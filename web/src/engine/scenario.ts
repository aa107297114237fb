// Scenario JSON helpers: apply lesson overrides and knob values (JSON paths such as
// "workload.max_rows") and the seed, without mutating the source object.

export type ScenarioValue = number | string | boolean;
export type JsonObject = { [k: string]: unknown };

/** "a.b.0.c" -> ["a", "b", "0", "c"]; only [A-Za-z0-9_] segments. */
export const PATH_RE = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/;

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/**
 * Returns a copy of `scenario` with each path set. Missing objects on the way are created
 * (the engine's validation then names any unknown field); array segments must be indices.
 */
export function applyOverrides(scenario: JsonObject, overrides: Record<string, ScenarioValue>): JsonObject {
  const out = clone(scenario);
  for (const [path, value] of Object.entries(overrides)) {
    if (!PATH_RE.test(path)) throw new Error(`bad scenario path "${path}"`);
    const keys = path.split('.');
    let node: Record<string, unknown> | unknown[] = out;
    for (let i = 0; i < keys.length - 1; i++) {
      const k = keys[i];
      const next: unknown = (node as Record<string, unknown>)[k];
      if (typeof next === 'object' && next !== null) {
        node = next as Record<string, unknown>;
      } else {
        const created: Record<string, unknown> = {};
        (node as Record<string, unknown>)[k] = created;
        node = created;
      }
    }
    (node as Record<string, unknown>)[keys[keys.length - 1]] = value;
  }
  return out;
}

/** Reads a path, or undefined. */
export function getPath(scenario: unknown, path: string): unknown {
  let node: unknown = scenario;
  for (const k of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[k];
  }
  return node;
}

/** Scenario end in virtual ns from `run.duration_s` (undefined if absent). */
export function scenarioEndNs(scenario: unknown): number | undefined {
  const d = getPath(scenario, 'run.duration_s');
  return typeof d === 'number' && d > 0 ? d * 1e9 : undefined;
}
