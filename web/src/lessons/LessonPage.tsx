// A lesson: narrative column (steps) beside the experiment panel. The panel shows the
// experiment nearest above the step being read; step, seed and knob values live in the
// URL so a reload or a shared link reproduces the view.

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { formatUrlState, type UrlState } from '../ui/urlState';
import type { Speed } from '../player/speed';
import { embedHref, lessonHref, presentHref, replaceAddress } from '../ui/route';
import { packQuery, siteBase } from '../ui/shareLink';
import { activeExperimentFor, experimentsOf, parseLessonAddress } from './activeExperiment';
import { ExperimentSlot, speedForLink, useExperimentSettings, useLinkSpeed, useNewAddress } from './LessonExperiment';
import { Narrative } from './Narrative';
import { IgnoredSettings, LessonGate } from './LessonGate';
import type { FocusSpec, Lesson } from './types';
import { usePanelAcrossLayout } from './usePanelAcrossLayout';
import { usePanelFocus } from './panelFocus';
import { useTheme } from '../ui/theme';
import { knobText } from './scenarios';
import { useCurrentStep } from './useCurrentStep';
import { usePanelStep } from './panelStep';
import { clearProgress, emptyProgress, loadProgress, otherRunsAfter, saveProgress, type LessonProgress } from './progress';
import { LessonSummary } from './LessonSummary';

export default function LessonPage({ id, query }: { id: string; query: string }) {
  return <LessonGate id={id} query={query}>{(lesson, q, linkMessages) => <LoadedLesson key={id} lesson={lesson} query={q} linkMessages={linkMessages} />}</LessonGate>;
}

/** The state a shared link or an embed carries, as a query (without "?"), packed when long. */
export function lessonStateQuery(state: UrlState): Promise<string> {
  return packQuery(formatUrlState(state));
}

function LoadedLesson({ lesson, query, linkMessages }: { lesson: Lesson; query: string; linkMessages: string[] }) {
  const placed = useMemo(() => experimentsOf(lesson), [lesson]);
  // The address's knob values are those of the experiment it shows.
  const { parsed, experiment: addressExp } = useMemo(
    () => parseLessonAddress(query, placed, { stepCount: lesson.steps.length, experiments: placed.map((p) => p.experiment.id) }),
    [query, lesson, placed],
  );
  const [messages, setMessages] = useState<string[]>([...linkMessages, ...parsed.messages]);
  const [progress, setProgress] = useState<LessonProgress>(() => loadProgress(lesson.meta.id));
  const [ran, setRan] = useState<Set<string>>(() => new Set(progress.ran));
  const [quizGeneration, setQuizGeneration] = useState(0); // bumps on "start over" to reset the quizzes
  const updateProgress = useCallback(
    (f: (p: LessonProgress) => LessonProgress) =>
      setProgress((p) => {
        const next = f(p);
        const blocks = lesson.steps.flatMap((s) => s.blocks);
        const totals = { quizzes: blocks.filter((b) => b.kind === 'quiz').length, experiments: blocks.filter((b) => b.kind === 'experiment').length };
        saveProgress(lesson.meta.id, { ...next, totals });
        return next;
      }),
    [lesson],
  );
  const onQuizLock = useCallback(
    (quizId: string, choice: number, correct: boolean, checked: boolean) => updateProgress((p) => ({ ...p, quizzes: { ...p.quizzes, [quizId]: { choice, correct, checked } } })),
    [updateProgress],
  );
  const resetProgress = useCallback(() => {
    clearProgress(lesson.meta.id);
    setProgress(emptyProgress());
    setRan(new Set());
    setQuizGeneration((g) => g + 1);
  }, [lesson]);
  const [pinned, setPinned] = useState<string | null>(parsed.state.x ?? null);
  // The step a "Scroll the panel to …" was pressed in: "↑ Back to step" leads there, not to
  // the step of the experiment it showed (step 7's link led back to step 6).
  const [backFrom, setBackFrom] = useState<number | null>(null);
  // A shared link's simulated time, applied once to the experiment it was taken on.
  const [pendingT, setPendingT] = useState<number | undefined>(parsed.state.t);
  // A shared link's speed, for the experiment the link shows (another one keeps its own).
  const linkSpeed = useLinkSpeed(parsed, addressExp?.id);
  // The player's speed, which "Present this lesson" takes along.
  const panelSpeed = useRef<Speed | undefined>(undefined);
  const { current, goTo, setRef, jumpedTo } = useCurrentStep(lesson.steps.length, (parsed.state.step ?? 1) - 1);
  // The step whose experiment the panel shows (on a phone, not each step scrolled past).
  const panelStep = usePanelStep(current, jumpedTo);

  useEffect(() => {
    document.title = `${lesson.meta.title} · InnoDB Lab`;
  }, [lesson]);

  // Jump to the step named in the address before the first paint. (Jumping in the next
  // animation frame left a painted frame at the top of the lesson with the linked step's
  // panel already shown; a click in that frame scrolled the page to another step.)
  const urlStep = parsed.state.step;
  useLayoutEffect(() => {
    if (!urlStep) return;
    goTo(urlStep - 1, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the address names a step
  }, [urlStep, parsed]);

  // Moving the panel to another step unpins (but not the first settling on the linked step).
  const lastStep = useRef(panelStep);
  // A new address names a step and an experiment together: the move to its step keeps the
  // experiment it pins (a pasted `?step=7&x=…` showed step 7's own, the x dropped unsaid).
  const pinAt = useRef<number | null>(null);
  useEffect(() => {
    if (lastStep.current === panelStep) return;
    lastStep.current = panelStep;
    const keep = pinAt.current === panelStep;
    pinAt.current = null;
    if (!keep) {
      setPinned(null);
      setBackFrom(null);
    }
  }, [panelStep]);

  const stepExperiment = activeExperimentFor(placed, panelStep);
  const active = (pinned && placed.find((p) => p.experiment.id === pinned)?.experiment) || stepExperiment;
  const { seed, knobValues, fromAddress, settings } = useExperimentSettings(parsed.state, addressExp?.id, active?.id);

  // A new address (typed or pasted over this one): its time and experiment, then its seed and knobs.
  useNewAddress(parsed, addressExp?.id, fromAddress, setMessages, () => {
    setPendingT(parsed.state.t);
    linkSpeed.renew();
    if (!parsed.state.x) return;
    setPinned(parsed.state.x);
    const step = parsed.state.step;
    if (step !== undefined && step - 1 !== panelStep) pinAt.current = step - 1;
  });


  // The step "↑ Back to step" leads to: a pinned experiment's own (its "Go to the
  // experiment ↓" was tapped there, before the phone's panel had taken that step: it led
  // back to step 1), else the panel's.
  const backStep = backFrom ?? (pinned ? placed.find((p) => p.experiment.id === pinned)?.step : undefined) ?? panelStep;

  // An experiment other than the step's own (a follow-up the reader opened, or the one a
  // phone's panel kept) stays in the address: a reload showed the step's own instead.
  const shownX = active && active.id !== activeExperimentFor(placed, current)?.id ? active.id : undefined;

  // Mirror state into the URL without adding history entries or re-routing; also after
  // every new address, so refused parameters do not linger in it.
  useEffect(() => {
    const state: UrlState = { step: current > 0 ? current + 1 : undefined, seed, knobs: knobValues, x: shownX };
    const hash = lessonHref(lesson.meta.id, formatUrlState(state));
    replaceAddress(hash);
  }, [current, seed, knobValues, lesson, parsed, shownX]);
  const id = lesson.meta.id;
  // Presenter mode at this step, with the reader's seed, knobs and speed.
  const presentQuery = (speed: Speed | undefined) => formatUrlState({ step: current > 0 ? current + 1 : undefined, seed, knobs: knobValues, x: shownX, speed: speedForLink(speed, active) });
  // A speed other than the experiment's own goes with a copied link or snippet (a slow-motion
  // moment sent at 0.01× opened at the lesson's 0.001×).
  const shareLink = useCallback(
    async (timeNs: number, speed: Speed) => {
      const state: UrlState = {
        step: current + 1,
        seed,
        knobs: knobValues,
        x: shownX,
        t: timeNs > 0 ? timeNs / 1e9 : undefined,
        speed: speedForLink(speed, active),
      };
      const q = await lessonStateQuery(state);
      return `${siteBase()}${lessonHref(id, q ? `?${q}` : '')}`;
    },
    [current, seed, knobValues, shownX, id, active],
  );
  // The embed starts where the reader is, as a copied link does (t: the simulated time).
  const embedSnippet = useMemo(
    () =>
      active
        ? (timeNs: number, speed: Speed) =>
            `<iframe src="${siteBase()}${embedHref(id, active.id, formatUrlState({ seed, knobs: knobValues, t: timeNs > 0 ? timeNs / 1e9 : undefined, speed: speedForLink(speed, active) }))}" title="InnoDB Lab: ${knobText(active.title, active, knobValues).replace(/"/g, '&quot;')}" width="960" height="720" style="border:0;max-width:100%" loading="lazy"></iframe>`
        : undefined,
    [active, id, seed, knobValues],
  );
  const clearPendingT = useCallback(() => setPendingT(undefined), []);
  // Pins the experiment and moves focus to the panel, so a keyboard reader's next Tab is
  // on its player bar rather than in the rest of the narrative.
  const showExperiment = useCallback((expId: string) => {
    setPinned(expId);
    setBackFrom(null);
    const panel = document.getElementById('experiment-panel');
    panel?.scrollIntoView({ block: 'start' });
    panel?.focus({ preventScroll: true });
  }, []);
  // A step's "Scroll the panel to <view>": the panel scrolls to that view (after showing the
  // step's experiment, if another one is in the panel); `n` makes each press a new request.
  const panelBox = useRef<HTMLElement>(null);
  const { reducedMotion } = useTheme();
  const [focusAsk, setFocusAsk] = useState<{ focus: FocusSpec; n: number } | null>(null);
  const showFocus = useCallback(
    (stepIdx: number, focus: FocusSpec) => {
      // Pinned, as "Go to the experiment ↓" pins it: on a phone the page scrolls past the
      // later steps to the panel, and the panel keeps this step's experiment.
      const own = activeExperimentFor(placed, stepIdx);
      if (own) setPinned(own.id);
      setBackFrom(stepIdx);
      setFocusAsk((a) => ({ focus, n: (a?.n ?? 0) + 1 }));
    },
    [placed],
  );
  usePanelFocus(panelBox, focusAsk?.focus, focusAsk?.n ?? 0, reducedMotion, true);
  usePanelAcrossLayout(panelBox);
  // Runs finished in this visit, per experiment: a prediction locked after a run waits for the next.
  const [runs, setRuns] = useState<Record<string, number>>({});
  // The settings (knobs, seed) an experiment's last run changed, if any: such a run checks no
  // prediction (it is not the run the step asks about), and its quizzes say why.
  const [otherRuns, setOtherRuns] = useState<Record<string, string[]>>({});
  const onDone = useCallback(
    (expId: string, changed: string[]) => {
      setOtherRuns((o) => otherRunsAfter(o, expId, changed));
      if (changed.length > 0) return;
      setRuns((r) => ({ ...r, [expId]: (r[expId] ?? 0) + 1 }));
      setRan((r) => (r.has(expId) ? r : new Set(r).add(expId)));
      updateProgress((p) => (p.ran.includes(expId) ? p : { ...p, ran: [...p.ran, expId] }));
    },
    [updateProgress],
  );

  return (
    <div className="lesson">
      <div className="lesson-narrative">
        <p className="crumbs">
          <a href="#/">← All lessons</a>
        </p>
        <h1>{lesson.meta.title}</h1>
        <p className="lesson-modes">
          {/* With the reader's seed and knobs: a teacher's smaller, faster run was dropped. */}
          <a href={presentHref(id, presentQuery(undefined))} onClick={(e) => (e.currentTarget.href = presentHref(id, presentQuery(panelSpeed.current)))}>
            Present this lesson
          </a>
        </p>
        <p className="lesson-summary">{lesson.meta.summary}</p>
        <IgnoredSettings className="url-messages" messages={messages} onDismiss={() => setMessages([])} />
        {lesson.errors.length > 0 ? (
          <details className="notice notice-error">
            <summary>This lesson file has {lesson.errors.length} problem(s)</summary>
            <ul>
              {lesson.errors.map((e, i) => (
                <li key={i}>{e}</li>
              ))}
            </ul>
          </details>
        ) : null}
        <Narrative
          key={quizGeneration}
          lesson={lesson}
          current={current}
          setRef={setRef}
          goTo={goTo}
          activeId={active?.id}
          ran={ran}
          onShowExperiment={showExperiment}
          onShowFocus={showFocus}
          runs={runs}
          otherRuns={otherRuns}
          progress={progress}
          onQuizLock={onQuizLock}
          end={<LessonSummary lesson={lesson} progress={progress} onReset={resetProgress} />}
        />
      </div>
      <aside className="lesson-panel" id="experiment-panel" tabIndex={-1} aria-label="Experiment" ref={panelBox}>
        {/* One column (a phone): the panel comes after every step; this leads back up to the step it is for. */}
        <a
          className="back-to-text"
          href={lessonHref(id, `?step=${backStep + 1}`)}
          onClick={(e) => {
            e.preventDefault();
            goTo(backStep);
          }}
        >
          ↑ Back to step {backStep + 1}: {lesson.steps[backStep]?.title}
        </a>
        <ExperimentSlot
          experiment={active}
          {...settings}
          onDone={onDone}
          panel={{
            initialTimeNs: pendingT !== undefined ? pendingT * 1e9 : undefined,
            onInitialTimeApplied: clearPendingT,
            shareLink,
            embedSnippet,
            speedRef: panelSpeed,
            ...linkSpeed.speedOf(active?.id),
          }}
        />
      </aside>
    </div>
  );
}
