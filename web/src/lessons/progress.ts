// A reader's progress through one lesson, kept in local storage: each quiz's locked
// prediction, whether it held and whether the reader has seen that yet, and the
// experiments run to the end. Bad or foreign stored data is dropped, never trusted.

export interface QuizProgress {
  choice: number;
  correct: boolean;
  /** The quiz has shown its result since the lock (its experiment ran): until then the
   * summary and the home card do not tell whether the prediction held. */
  checked: boolean;
}

export interface LessonProgress {
  quizzes: Record<string, QuizProgress>;
  ran: string[];
  /** How many quizzes and experiments the lesson had when this was saved (for the home card). */
  totals?: { quizzes: number; experiments: number };
}

const KEY = (lessonId: string) => `innodb-lab.progress.${lessonId}`;
const ID_RE = /^[a-z0-9][a-z0-9-]{0,63}$/;

export function emptyProgress(): LessonProgress {
  return { quizzes: {}, ran: [] };
}

/** Validates what was stored (it may be old, edited or from another version). */
export function readProgress(raw: string | null): LessonProgress {
  const out = emptyProgress();
  if (!raw) return out;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return out;
  }
  if (typeof v !== 'object' || v === null) return out;
  const o = v as { quizzes?: unknown; ran?: unknown };
  if (typeof o.quizzes === 'object' && o.quizzes !== null) {
    for (const [id, q] of Object.entries(o.quizzes as Record<string, unknown>)) {
      const p = q as Partial<QuizProgress> | null;
      // Saved before `checked` existed: counted as checked, as it was then.
      if (ID_RE.test(id) && p && Number.isInteger(p.choice) && typeof p.correct === 'boolean')
        out.quizzes[id] = { choice: p.choice!, correct: p.correct, checked: typeof p.checked === 'boolean' ? p.checked : true };
    }
  }
  if (Array.isArray(o.ran)) out.ran = o.ran.filter((x): x is string => typeof x === 'string' && ID_RE.test(x));
  const t = (v as { totals?: { quizzes?: unknown; experiments?: unknown } }).totals;
  const count = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 1000;
  if (t && typeof t === 'object' && count(t.quizzes) && count(t.experiments)) out.totals = { quizzes: t.quizzes as number, experiments: t.experiments as number };
  return out;
}

export function loadProgress(lessonId: string): LessonProgress {
  try {
    return readProgress(localStorage.getItem(KEY(lessonId)));
  } catch {
    return emptyProgress(); // storage refused (private mode): progress lasts for this page
  }
}

export function saveProgress(lessonId: string, p: LessonProgress): void {
  try {
    localStorage.setItem(KEY(lessonId), JSON.stringify(p));
  } catch {
    // storage full or refused: keep it for this page only
  }
}

export function clearProgress(lessonId: string): void {
  try {
    localStorage.removeItem(KEY(lessonId));
  } catch {
    // nothing stored
  }
}

/** The home card's line for a lesson the reader has started, or null when nothing was done yet. */
export function progressLine(p: LessonProgress): string | null {
  const answered = Object.keys(p.quizzes).length;
  const held = Object.values(p.quizzes).filter((q) => q.checked && q.correct).length;
  const waiting = Object.values(p.quizzes).filter((q) => !q.checked).length;
  const ran = p.ran.length;
  if (!answered && !ran) return null;
  const of = (n: number, total: number | undefined) => (total !== undefined ? `${Math.min(n, total)} of ${total}` : `${n}`);
  const parts: string[] = [];
  if (answered || p.totals?.quizzes) parts.push(`${of(answered, p.totals?.quizzes)} predictions made (${[held || !waiting ? `${held} held` : '', waiting ? `${waiting} to check` : ''].filter(Boolean).join(', ')})`);
  if (ran || p.totals?.experiments) parts.push(`${of(ran, p.totals?.experiments)} experiments run`);
  return parts.join(' · ');
}

/** "2 of 3 predictions held" counts for a lesson's quiz ids; `waiting`: locked, not yet checked by a run. */
export function score(p: LessonProgress, quizIds: string[]): { answered: number; correct: number; waiting: number; total: number } {
  const answered = quizIds.filter((id) => p.quizzes[id]).length;
  const correct = quizIds.filter((id) => p.quizzes[id]?.checked && p.quizzes[id]?.correct).length;
  const waiting = quizIds.filter((id) => p.quizzes[id] && !p.quizzes[id].checked).length;
  return { answered, correct, waiting, total: quizIds.length };
}

/** The experiments whose last run changed settings (knobs, seed), after `expId`'s run with `changed`: a run
 *  as the lesson sets it clears its entry (its quizzes stop saying why nothing was checked). */
export function otherRunsAfter(runs: Record<string, string[]>, expId: string, changed: string[]): Record<string, string[]> {
  if (changed.length > 0) return { ...runs, [expId]: changed };
  if (!(expId in runs)) return runs;
  const rest = { ...runs };
  delete rest[expId];
  return rest;
}
