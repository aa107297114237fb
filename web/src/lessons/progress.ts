// A reader's progress through one lesson, kept in local storage: each quiz's locked
// prediction and whether it held, and the experiments run to the end. Bad or foreign
// stored data is dropped, never trusted.

export interface QuizProgress {
  choice: number;
  correct: boolean;
}

export interface LessonProgress {
  quizzes: Record<string, QuizProgress>;
  ran: string[];
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
      if (ID_RE.test(id) && p && Number.isInteger(p.choice) && typeof p.correct === 'boolean') out.quizzes[id] = { choice: p.choice!, correct: p.correct };
    }
  }
  if (Array.isArray(o.ran)) out.ran = o.ran.filter((x): x is string => typeof x === 'string' && ID_RE.test(x));
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

/** "2 of 3 predictions held" counts for a lesson's quiz ids. */
export function score(p: LessonProgress, quizIds: string[]): { answered: number; correct: number; total: number } {
  const answered = quizIds.filter((id) => p.quizzes[id]).length;
  const correct = quizIds.filter((id) => p.quizzes[id]?.correct).length;
  return { answered, correct, total: quizIds.length };
}
