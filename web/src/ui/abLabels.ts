// Labels of a playground A/B pair. Two sides started from the same preset carry the same
// name ("engine defaults" twice); they are then told apart by the settings that differ,
// each side with its own values: "engine defaults · workload.threads 16" against
// "engine defaults · workload.threads 64".

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Leaf values of a JSON value by dotted path (arrays as one leaf, written as JSON). */
function leaves(v: Json, path: string, out: Map<string, string>): Map<string, string> {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    for (const [k, x] of Object.entries(v)) leaves(x, path ? `${path}.${k}` : k, out);
  } else {
    out.set(path, typeof v === 'string' ? v : JSON.stringify(v));
  }
  return out;
}

/** At most this many differing settings in a label; the rest are counted. */
const MAX_SHOWN = 2;

/**
 * The two sides' labels: their names when they differ (or the scenarios are the same),
 * else the name followed by the differing settings, in the scenario's order.
 */
export function abLabels(names: [string, string], jsonA: string, jsonB: string): [string, string] {
  if (names[0] !== names[1]) return names;
  let a: Map<string, string>;
  let b: Map<string, string>;
  try {
    a = leaves(JSON.parse(jsonA) as Json, '', new Map());
    b = leaves(JSON.parse(jsonB) as Json, '', new Map());
  } catch {
    return names;
  }
  const paths = [...new Set([...a.keys(), ...b.keys()])].filter((p) => a.get(p) !== b.get(p));
  if (!paths.length) return names;
  const more = paths.length > MAX_SHOWN ? `, +${paths.length - MAX_SHOWN} more` : '';
  const side = (m: Map<string, string>) =>
    `${names[0]} · ${paths
      .slice(0, MAX_SHOWN)
      .map((p) => `${p} ${m.get(p) ?? '(default)'}`)
      .join(', ')}${more}`;
  return [side(a), side(b)];
}
