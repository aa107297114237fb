// Finds where JSON text first goes wrong (pure), so the playground can point at a line
// and column whatever the browser's JSON.parse message says (V8 often names no position),
// and a key an object gives twice (JSON.parse keeps the last one without a word).

const MAX_DEPTH = 512;
const WS = new Set([' ', '\t', '\n', '\r']);
const NUMBER_RE = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

class Bad {
  constructor(readonly at: number) {}
}

/** A key given twice in one object: its path ("workload.threads"), the key, and the
 *  offset of its second occurrence. */
export interface DuplicateKey {
  path: string;
  key: string;
  at: number;
}

/** Offset of the first character that makes `text` invalid JSON (text.length if it ends early), or -1. */
export function jsonErrorOffset(text: string): number {
  return scan(text).bad;
}

/** The first key an object of `text` gives twice (in text order), or null; null for invalid JSON too. */
export function duplicateKey(text: string): DuplicateKey | null {
  const r = scan(text, true);
  return r.bad < 0 ? r.duplicate : null;
}

/** Scans `text` as JSON: `bad` as jsonErrorOffset returns it, and (when `keys`) the first duplicate key. */
function scan(text: string, keys = false): { bad: number; duplicate: DuplicateKey | null } {
  let duplicate: DuplicateKey | null = null;
  let i = 0;
  const ws = () => {
    while (i < text.length && WS.has(text[i])) i++;
  };
  const expect = (c: string) => {
    if (text[i] !== c) throw new Bad(i);
    i++;
  };
  const string = () => {
    expect('"');
    for (;;) {
      if (i >= text.length) throw new Bad(i);
      const c = text[i];
      if (c === '"') return void i++;
      if (c < ' ') throw new Bad(i);
      if (c === '\\') {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) throw new Bad(i);
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else throw new Bad(i);
      } else i++;
    }
  };
  const value = (depth: number, path: string): void => {
    if (depth > MAX_DEPTH) throw new Bad(i);
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      const seen = keys ? new Set<string>() : null;
      for (;;) {
        ws();
        const at = i;
        string();
        let inner = path;
        if (seen) {
          const key = JSON.parse(text.slice(at, i)) as string;
          inner = path ? `${path}.${key}` : key;
          if (seen.has(key)) duplicate ??= { path: inner, key, at };
          seen.add(key);
        }
        ws();
        expect(':');
        value(depth + 1, inner);
        ws();
        if (text[i] === ',') i++;
        else return expect('}');
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (let n = 0; ; n++) {
        value(depth + 1, keys ? `${path}[${n}]` : path);
        ws();
        if (text[i] === ',') i++;
        else return expect(']');
      }
    }
    if (c === '"') return string();
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) return void (i += word.length);
    }
    NUMBER_RE.lastIndex = i;
    const m = NUMBER_RE.exec(text);
    if (!m || m[0] === '' || m[0] === '-') throw new Bad(i);
    i += m[0].length;
  };
  try {
    value(0, '');
    ws();
    return { bad: i < text.length ? i : -1, duplicate };
  } catch (e) {
    if (e instanceof Bad) return { bad: Math.min(e.at, text.length), duplicate: null };
    throw e;
  }
}

/** 1-based line and column of `offset` in `text`. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}
