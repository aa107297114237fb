// The narrative column: steps with prose, experiment cards and quizzes, a step
// navigator, and the lesson's sources.

import { useMemo, useRef, type ReactNode } from 'react';
import { useSettled } from '../ui/useSettled';
import { useKeepFocus } from '../ui/keepFocus';
import { focusTitle } from '../ui/viewTitles';
import { activeExperimentFor, experimentsOf } from './activeExperiment';
import type { LessonProgress } from './progress';
import type { FocusSpec, Lesson } from './types';
import { knobText } from './scenarios';
import { Prose } from './Prose';
import { QuizBlock } from './QuizBlock';
import { COUNTER_HELP } from '../views/metrics/counters';

/** The counters the Counters table explains: a lesson's text may name them as buttons. */
const COUNTER_NAMES: ReadonlySet<string> = new Set(COUNTER_HELP.map(([name]) => name));

interface Props {
  lesson: Lesson;
  current: number;
  setRef: (i: number) => (el: HTMLElement | null) => void;
  goTo: (i: number) => void;
  activeId: string | undefined;
  ran: Set<string>;
  /** Runs of each experiment finished in this visit. */
  runs: Record<string, number>;
  /** Per experiment: the settings (knobs, seed) its last run changed (that run checked no prediction). */
  otherRuns?: Record<string, string[]>;
  onShowExperiment: (id: string) => void;
  /** Scrolls the panel to the view a step's focus names (its experiment shown first). */
  onShowFocus?: (step: number, focus: FocusSpec) => void;
  progress?: LessonProgress;
  onQuizLock?: (quizId: string, choice: number, correct: boolean, checked: boolean) => void;
  /** Shown after the last step (the lesson summary). */
  end?: ReactNode;
}

export function Narrative({ lesson, current, setRef, goTo, activeId, ran, runs, otherRuns, onShowExperiment, onShowFocus, progress, onQuizLock, end }: Props) {
  const placed = useMemo(() => experimentsOf(lesson), [lesson]);
  const titles = new Map<string, string>();
  const sweeps = new Set<string>();
  for (const s of lesson.steps)
    for (const b of s.blocks) {
      if (b.kind !== 'experiment') continue;
      titles.set(b.experiment.id, knobText(b.experiment.title, b.experiment));
      if (b.experiment.sweep) sweeps.add(b.experiment.id);
    }
  const n = lesson.steps.length;
  const nav = useRef<HTMLElement>(null);
  useKeepFocus(nav); // Next → on the last step, ← Previous on the first
  const heard = useSettled(current, SETTLE_MS);
  const own = activeExperimentFor(placed, current);
  // Tab from the bar's last button goes on into the step it shows (after Next →, it went to
  // the first link after the bar in the page: another step's, which then became the step).
  const tabIntoStep = (e: React.KeyboardEvent) => {
    if (e.key !== 'Tab' || e.shiftKey || !nav.current) return;
    const items = nav.current.querySelectorAll<HTMLElement>('button:not(:disabled)');
    if (e.target !== items[items.length - 1]) return;
    const step = nav.current.parentElement?.querySelector<HTMLElement>('section.step.is-current');
    if (!step) return;
    e.preventDefault();
    // Its heading, heard by name; the next Tab is the step's first control.
    (step.querySelector<HTMLElement>(':scope > h2') ?? step).focus({ preventScroll: true });
  };
  return (
    <>
      <nav className="step-nav" aria-label="Steps" ref={nav} onKeyDown={tabIntoStep}>
        <button type="button" onClick={() => goTo(Math.max(0, current - 1))} disabled={current === 0}>
          ← Previous
        </button>
        <span className="step-count" aria-hidden="true">
          Step {current + 1} of {n}
        </span>
        {/* Heard when the step changes (by these buttons or by reading on): which one, by name,
            once it has stayed the step for a moment. A link to step 5 was heard as steps 1,
            4 and 5 as the page scrolled there, and Tab through the text named every step passed. */}
        <span className="visually-hidden" aria-live="polite">
          {heard === null ? '' : `Step ${heard + 1} of ${n}: ${lesson.steps[heard]?.title ?? ''}`}
        </span>
        <button type="button" onClick={() => goTo(Math.min(n - 1, current + 1))} disabled={current >= n - 1}>
          Next →
        </button>
        {/* The panel in one press from the bar: Tab went through every later step's text to
            reach it, each becoming the step as it came into view (step 5 became step 12). */}
        {own ? (
          <button type="button" className="linklike nav-to-panel" onClick={() => onShowExperiment(own.id)}>
            Experiment ↘<span className="visually-hidden">: {titles.get(own.id)}</span>
          </button>
        ) : null}
      </nav>
      {lesson.steps.map((step, i) => (
        <section key={i} ref={setRef(i)} className={`step${i === current ? ' is-current' : ''}`} aria-current={i === current ? 'step' : undefined} tabIndex={-1}>
          {i > 0 || step.title !== lesson.meta.title ? <h2 tabIndex={-1}>{step.title}</h2> : null}
          {step.blocks.map((b, j) => {
            switch (b.kind) {
              case 'prose': {
                // Counters the text names, as buttons to their rows, where the step's
                // experiment shows the Counters table.
                const exp = onShowFocus ? activeExperimentFor(placed, i) : undefined;
                const withCounters = exp?.views.includes('metrics') === true;
                return <Prose key={j} markdown={b.markdown} counters={withCounters ? COUNTER_NAMES : undefined} onCounter={withCounters ? (name) => onShowFocus?.(i, { view: 'metrics', counter: name }) : undefined} />;
              }
              case 'focus': {
                // The view the step is about, often below the panel's fold (the panel keeps
                // its knobs at the top and stays where the reader puts it): one press away.
                if (!onShowFocus) return null;
                const what = focusTitle(b.focus, activeExperimentFor(placed, i));
                return (
                  <p key={j} className="focus-link">
                    <button type="button" className="linklike" onClick={() => onShowFocus(i, b.focus)}>
                      Scroll the panel to {what} ↘
                      {/* Named apart for a screen reader's list of buttons (steps may point at one view). */}
                      <span className="visually-hidden"> (step {i + 1})</span>
                    </button>
                  </p>
                );
              }
              case 'notes':
                return null; // speaker notes: presenter mode only
              case 'experiment':
                return (
                  <div key={j} className={`experiment-card${b.experiment.id === activeId ? ' is-active' : ''}`}>
                    <span className="kicker">Experiment</span> <strong>{knobText(b.experiment.title, b.experiment)}</strong>
                    {/* One button in both states: it stays where the keyboard's focus is when its
                        experiment reaches the panel (by this button, or by a Tab that made its step
                        the current one), so the next Tab goes on from the card, not from the page's top. */}
                    <button
                      type="button"
                      className="linklike card-state"
                      aria-disabled={b.experiment.id === activeId || undefined}
                      onClick={() => b.experiment.id !== activeId && onShowExperiment(b.experiment.id)}
                    >
                      {b.experiment.id === activeId ? 'Shown in the panel' : 'Show in the panel'}
                      {/* Named apart for a screen reader's list of buttons (every card has one). */}
                      <span className="visually-hidden">: {knobText(b.experiment.title, b.experiment)}</span>
                    </button>
                    <a className="to-panel" href="#experiment-panel" onClick={(e) => (e.preventDefault(), onShowExperiment(b.experiment.id))}>
                      Go to the experiment ↓<span className="visually-hidden">: {knobText(b.experiment.title, b.experiment)}</span>
                    </a>
                  </div>
                );
              case 'quiz':
                return (
                  <QuizBlock
                    key={j}
                    quiz={b.quiz}
                    experimentTitle={b.quiz.after ? titles.get(b.quiz.after) : undefined}
                    experimentSweep={b.quiz.after ? sweeps.has(b.quiz.after) : false}
                    experimentRan={b.quiz.after ? ran.has(b.quiz.after) : true}
                    experimentRuns={b.quiz.after ? (runs[b.quiz.after] ?? 0) : 0}
                    otherRun={b.quiz.after ? otherRuns?.[b.quiz.after] : undefined}
                    onRunExperiment={b.quiz.after ? () => onShowExperiment(b.quiz.after!) : undefined}
                    saved={progress?.quizzes[b.quiz.id]}
                    onLock={onQuizLock ? (c, ok, checked) => onQuizLock(b.quiz.id, c, ok, checked) : undefined}
                  />
                );
              default:
                return (
                  <div key={j} className="notice notice-error" role="alert">
                    {b.what} is invalid:
                    <ul>
                      {b.messages.map((m, k) => (
                        <li key={k}>{m}</li>
                      ))}
                    </ul>
                  </div>
                );
            }
          })}
        </section>
      ))}
      {end}
      {lesson.meta.sources.length > 0 ? (
        <section className="sources">
          <h2>Sources</h2>
          <ul>
            {lesson.meta.sources.map((s, i) => (
              <li key={i}>{s.url && /^https?:\/\//.test(s.url) ? <a href={s.url} target="_blank" rel="noopener noreferrer">{s.title}</a> : s.title}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** How long a step stays the current one before a screen reader hears its name. */
const SETTLE_MS = 700;
