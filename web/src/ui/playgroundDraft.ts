// The playground's editor, kept for this tab (sessionStorage) under the address it was
// typed at: a reload, or coming back to the same address later in the tab, brings back
// edits that were never run (they were lost). Another tab, or another address (a shared
// link), starts from what its address says.

const KEY = 'innodb-lab.playground.draft';

export interface Draft {
  /** The page address (location.hash) the draft belongs to. */
  hash: string;
  /** The starting point picked (a preset id, or the engine-defaults label). */
  start: string;
  texts: { A: string; B: string | null };
  editing: 'A' | 'B';
}

/** The draft kept for `hash`, or null (none, another address's, or unreadable). */
export function loadDraft(hash: string): Draft | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
  } catch {
    return null; // storage blocked: nothing kept
  }
  const d = parseDraft(raw);
  return d && d.hash === hash ? d : null;
}

/** Keeps `d` for this tab (replacing any other), or forgets the draft (null). */
export function saveDraft(d: Draft | null): void {
  try {
    if (d) sessionStorage.setItem(KEY, JSON.stringify(d));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage full or blocked: the editor still works, it is just not kept.
  }
}

/** A stored draft, checked field by field (anything else stored there is ignored). */
export function parseDraft(raw: string | null): Draft | null {
  if (!raw) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const d = v as Record<string, unknown>;
  const texts = d.texts as Record<string, unknown> | null | undefined;
  if (typeof d.hash !== 'string' || typeof d.start !== 'string' || (d.editing !== 'A' && d.editing !== 'B')) return null;
  if (typeof texts !== 'object' || texts === null || typeof texts.A !== 'string' || !(texts.B === null || typeof texts.B === 'string')) return null;
  return { hash: d.hash, start: d.start, texts: { A: texts.A, B: texts.B }, editing: texts.B === null ? 'A' : d.editing };
}

/** Whether two editor states hold the same scenarios, however they are laid out (a
 *  re-indented text is not an edit to bring back). */
export function sameTexts(a: { A: string; B: string | null }, b: { A: string; B: string | null }): boolean {
  const norm = (t: string | null) => {
    if (t === null) return null;
    try {
      return JSON.stringify(JSON.parse(t));
    } catch {
      return t;
    }
  };
  return norm(a.A) === norm(b.A) && norm(a.B) === norm(b.B);
}
