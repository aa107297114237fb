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

/** The settings `json` changed from `base`, as "path value, …" (null when none or unreadable). */
function changedFrom(base: string, json: string): string | null {
  try {
    const b = leaves(JSON.parse(base) as Json, '', new Map());
    const t = leaves(JSON.parse(json) as Json, '', new Map());
    const paths = [...t.keys()].filter((p) => t.get(p) !== b.get(p));
    if (!paths.length) return null;
    const more = paths.length > MAX_SHOWN ? `, +${paths.length - MAX_SHOWN} more` : '';
    return `${paths
      .slice(0, MAX_SHOWN)
      .map((p) => `${p} ${t.get(p)}`)
      .join(', ')}${more}`;
  } catch {
    return null;
  }
}

/** A run's label: its preset's name, followed by the settings it changed from the
 *  preset's text (`base`), as a pair's sides are: a run of one's own numbers was titled
 *  "engine defaults" in its legends and exported charts. */
export function sideLabel(name: string, base: string | undefined, json: string): string {
  const c = base === undefined ? null : changedFrom(base, json);
  return c ? `${name} · ${c}` : name;
}

/**
 * The two sides' labels. Names that differ (a lesson's pair) stay, each followed by the
 * settings its side changed from its own starting text (`bases`): "Reader (…)" stayed as
 * it was with its distribution changed to gaussian. The same name twice is followed by
 * the settings that differ between the sides, in the scenario's order.
 */
export function abLabels(names: [string, string], jsonA: string, jsonB: string, bases?: [string, string]): [string, string] {
  if (names[0] !== names[1]) {
    if (!bases) return names;
    return [sideLabel(names[0], bases[0], jsonA), sideLabel(names[1], bases[1], jsonB)];
  }
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
