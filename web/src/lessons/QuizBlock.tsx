// Predict-then-run quiz: pick an answer, run the experiment, then see whether the
// prediction held and why. Graded in the browser; a locked prediction is remembered
// (progress.ts) and comes back locked on the next visit.

import { memo, useEffect, useId, useRef, useState } from 'react';
import type { QuizProgress } from './progress';
import type { QuizSpec } from './types';

interface Props {
  quiz: QuizSpec;
  experimentTitle?: string;
  /** The experiment is checked by its sweep (the quiz asks about the sweep's results). */
  experimentSweep?: boolean;
  experimentRan: boolean;
  /** Runs of that experiment finished in this visit (a lock waits for one after it). */
  experimentRuns?: number;
  /** The settings (knobs, seed) the experiment's last run changed, if any: that run checked
   *  nothing, and the quiz says so. */
  otherRun?: string[];
  onRunExperiment?: () => void;
  saved?: QuizProgress;
  /** A lock (`checked` false), and again once its result shows (`checked` true). */
  onLock?: (choice: number, correct: boolean, checked: boolean) => void;
}

/**
 * Re-rendered only when what it shows changes. Scrolling the lesson re-renders the
 * narrative, and React sets a controlled radio's `name` on every update, which makes
 * Chrome treat the group as new: Tab then stopped on each choice of an unanswered
 * question. The callbacks are the page's stable ones.
 */
export const QuizBlock = memo(
  QuizCard,
  (a, b) =>
    a.quiz === b.quiz && a.experimentTitle === b.experimentTitle && a.experimentSweep === b.experimentSweep && a.experimentRan === b.experimentRan && a.experimentRuns === b.experimentRuns && a.otherRun === b.otherRun && a.saved === b.saved,
);

/** A quiz's text with its `code` spans as code (the lesson's Markdown style; shown raw, the backticks stood in the text). */
export function InlineCode({ text }: { text: string }) {
  const parts = text.split('`');
  // An unmatched backtick stays a backtick.
  if (parts.length % 2 === 0) return <>{text}</>;
  return <>{parts.map((p, i) => (i % 2 === 1 ? <code key={i}>{p}</code> : p))}</>;
}

/** Why the last run did not check a prediction: it ran with other settings (knobs, seed). */
export function otherRunNote(changed: string[]): string {
  return `The last run did not check it: it ran with ${changed.join(', ')}, and the prediction is about the experiment with the lesson's settings. Run it with them to check it.`;
}

function QuizCard({ quiz, experimentTitle, experimentSweep = false, experimentRan, experimentRuns = 0, otherRun, onRunExperiment, saved, onLock }: Props) {
  const valid = saved && saved.choice >= 0 && saved.choice < quiz.choices.length ? saved : undefined;
  const [choice, setChoice] = useState<number | null>(valid ? valid.choice : null);
  const [locked, setLocked] = useState(valid !== undefined);
  const [revealed, setRevealed] = useState(false);
  const name = useId();
  // Runs seen when the reader locked here (null: not locked in this visit). A prediction
  // made after running the experiment is checked by the next run, not by the one before
  // it (which showed the answer the moment it was locked). One kept from an earlier visit
  // shows once the experiment has run, unless it was still waiting for its run then: that
  // one waits for a run in this visit (a run before the lock had checked it on reload).
  const [runsAtLock, setRunsAtLock] = useState<number | null>(valid && !valid.checked ? experimentRuns : null);
  const checked = runsAtLock === null ? experimentRan : experimentRuns > runsAtLock;
  const show = revealed || (locked && (!quiz.after || checked));
  const correct = choice === quiz.answer;
  // Once a locked prediction's result shows, the summary and home card may tell it too.
  const resultShown = locked && show && choice !== null;
  const savedChecked = saved?.checked ?? false;
  useEffect(() => {
    if (resultShown && !savedChecked && choice !== null) onLock?.(choice, choice === quiz.answer, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resultShown, savedChecked]);
  // Locking or revealing removes the button pressed; the keyboard's focus goes on to
  // what replaced it (the way to run the experiment, or the answer) instead of the page.
  const focusNext = useRef(false);
  const runLink = useRef<HTMLAnchorElement>(null);
  const result = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    (runLink.current ?? result.current)?.focus();
  });
  const moveOn = (e: { currentTarget: HTMLElement }) => {
    focusNext.current = document.activeElement === e.currentTarget;
  };

  return (
    // Named by its own question, so each quiz is a distinct region for screen readers.
    <section className="quiz" aria-labelledby={`${name}-kicker ${name}-question`}>
      <p className="quiz-kicker" id={`${name}-kicker`}>
        Predict
      </p>
      <p className="quiz-question" id={`${name}-question`}>
        <InlineCode text={quiz.question} />
      </p>
      <div role="radiogroup" aria-labelledby={`${name}-question`}>
        {quiz.choices.map((c, i) => (
          <label key={i} className={`quiz-choice${show && i === quiz.answer ? ' is-answer' : ''}${show && i === choice && !correct ? ' is-wrong' : ''}${locked && i === choice ? ' is-picked' : ''}`}>
            <input type="radio" name={name} checked={choice === i} disabled={locked || revealed} onChange={() => setChoice(i)} />
            <span>
              <InlineCode text={c} />
            </span>
            {show && i === quiz.answer ? <span className="quiz-mark"> ✓ answer</span> : null}
            {/* Locked, the pick is named (a greyed radio a shade darker than the rest was all). */}
            {locked && i === choice ? <span className="quiz-mark quiz-pick"> ← your prediction</span> : null}
          </label>
        ))}
      </div>
      <div className="quiz-actions">
        {/* A prediction is made before the answer is seen: none after Reveal. */}
        {!locked && !revealed ? (
          <button
            type="button"
            disabled={choice === null}
            onClick={(e) => {
              moveOn(e);
              setLocked(true);
              setRunsAtLock(experimentRuns);
              if (choice !== null) onLock?.(choice, choice === quiz.answer, false);
            }}
          >
            Lock in my prediction
          </button>
        ) : null}
        {locked && !show && quiz.after ? (
          // The sentence describes its link: focus lands on the link after Lock in, and a
          // screen reader read its name alone (an experiment's title, with no "now run").
          <span id={`${name}-run`}>
            {experimentSweep ? 'Now run the sweep of ' : 'Now run '}
            {/* A link, so a long title flows on with the sentence (a button wrapped as a block). */}
            <a
              href="#experiment-panel"
              ref={runLink}
              aria-describedby={`${name}-run`}
              data-player-space
              onClick={(e) => {
                e.preventDefault();
                onRunExperiment?.();
              }}
            >
              {experimentTitle ?? 'the experiment'}
            </a>
            {experimentSweep ? ' to check it.' : runsAtLock ? ' again to check it: Replay runs it from the start.' : ' to the end to check it.'}
            {otherRun ? <span className="quiz-other-run"> {otherRunNote(otherRun)}</span> : null}
          </span>
        ) : null}
        {!show ? (
          <button
            type="button"
            className="linklike"
            onClick={(e) => {
              moveOn(e);
              setRevealed(true);
            }}
          >
            Reveal the answer
          </button>
        ) : null}
      </div>
      {show ? (
        <div ref={result} tabIndex={-1} className={`quiz-result ${locked ? (correct ? 'ok' : 'no') : ''}`} role="status">
          {locked ? <strong>{correct ? 'Your prediction held. ' : 'Not quite. '}</strong> : null}
          <InlineCode text={quiz.explain} />
        </div>
      ) : null}
    </section>
  );
}
