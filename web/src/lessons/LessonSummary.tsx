// The summary at the end of a lesson: each prediction and whether it held, the
// experiments run to the end, and a way to start over (clears the stored progress).

import { useEffect, useState } from 'react';
import { lessonHref } from '../ui/route';
import type { LessonProgress } from './progress';
import { loadLessonIndex } from './registry';
import { score } from './progress';
import { InlineCode } from './QuizBlock';
import { knobText } from './scenarios';
import type { ExperimentSpec, Lesson, LessonMeta } from './types';

/** An experiment's title as its panel shows it: `{knob path}` placeholders at the lesson's values. */
function titleOf(e: ExperimentSpec | undefined): string | undefined {
  return e ? knobText(e.title, e) : undefined;
}

export function LessonSummary({ lesson, progress, onReset }: { lesson: Lesson; progress: LessonProgress; onReset: () => void }) {
  const quizzes = lesson.steps.flatMap((s) => s.blocks.flatMap((b) => (b.kind === 'quiz' ? [b.quiz] : [])));
  const experiments = lesson.steps.flatMap((s) => s.blocks.flatMap((b) => (b.kind === 'experiment' ? [b.experiment] : [])));
  const sc = score(progress, quizzes.map((q) => q.id));
  const ranCount = experiments.filter((e) => progress.ran.includes(e.id)).length;
  return (
    <section className="lesson-summary-box" aria-labelledby="lesson-summary-title">
      <h2 id="lesson-summary-title">Your summary</h2>
      {quizzes.length ? (
        <p>
          {/* Nothing checked yet: not "0 of 4 held", which read as a failing score. */}
          {sc.answered - sc.waiting > 0 ? (
            <>
              <strong>
                {sc.correct} of {sc.total}
              </strong>{' '}
              predictions held
            </>
          ) : (
            <strong>No prediction checked yet</strong>
          )}
          {sc.answered < sc.total || sc.waiting ? ` (${[sc.answered < sc.total ? `${sc.total - sc.answered} not answered yet` : '', sc.waiting ? `${sc.waiting} still to check by a run` : ''].filter(Boolean).join(', ')})` : ''}.
        </p>
      ) : null}
      <ul>
        {quizzes.map((q) => {
          const p = progress.quizzes[q.id];
          return (
            <li key={q.id}>
              <InlineCode text={q.question} />{' '}
              {p && !p.checked ? (
                <span className="muted">
                  — you said “<InlineCode text={q.choices[p.choice]} />”; run {q.after ? `“${titleOf(experiments.find((e) => e.id === q.after)) ?? q.after}”` : 'its experiment'} to check it
                </span>
              ) : p ? (
                p.correct ? (
                  <span className="progress-ok">✓ held</span>
                ) : (
                  <span className="progress-no">
                    ✗ you said “<InlineCode text={q.choices[p.choice]} />”; answer: “<InlineCode text={q.choices[q.answer]} />”
                  </span>
                )
              ) : (
                <span className="muted">— not answered</span>
              )}
            </li>
          );
        })}
      </ul>
      {experiments.length ? (
        <p>
          Experiments run to the end: {ranCount} of {experiments.length}
          {ranCount < experiments.length ? ` (still to run: ${experiments.filter((e) => !progress.ran.includes(e.id)).map((e) => titleOf(e)).join('; ')})` : ''}.
        </p>
      ) : null}
      <p className="muted">Progress is kept in this browser only.</p>
      <button type="button" onClick={onReset}>
        Start this lesson over
      </button>
      <NextLesson id={lesson.meta.id} />
    </section>
  );
}

/** The lesson after `id` in the home page's order, if any (`order`, then title). */
export function nextLessonOf(lessons: LessonMeta[], id: string): LessonMeta | undefined {
  const i = lessons.findIndex((l) => l.id === id);
  return i >= 0 ? lessons[i + 1] : undefined;
}

/** "Next lesson: … →" at the end (the last step's Next is disabled, and the text's
 *  "the next lesson" had nothing to follow). */
function NextLesson({ id }: { id: string }) {
  const [next, setNext] = useState<LessonMeta | null>(null);
  useEffect(() => {
    let live = true;
    loadLessonIndex().then(
      (r) => live && setNext(nextLessonOf(r.lessons, id) ?? null),
      () => undefined, // the home page says what failed; here the link is simply absent
    );
    return () => {
      live = false;
    };
  }, [id]);
  if (!next) return null;
  return (
    <p className="next-lesson">
      <a href={lessonHref(next.id)}>Next lesson: {next.title} →</a>
    </p>
  );
}
