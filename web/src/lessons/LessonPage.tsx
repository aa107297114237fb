// A lesson: narrative column (steps) beside the experiment panel. The panel shows the
// experiment nearest above the step being read; step, seed and knob values live in the
// URL so a reload or a shared link reproduces the view.

import { useCallback, useEffect, useMemo, useState } from 'react';
import { parseUrlState, formatUrlState, type UrlState } from '../ui/urlState';
import { lessonHref } from '../ui/route';
import { NotFound } from '../ui/NotFound';
import { activeExperimentFor, experimentsOf } from './activeExperiment';
import { LessonExperiment } from './LessonExperiment';
import { Narrative } from './Narrative';
import { loadLesson } from './registry';
import type { Lesson } from './types';
import { useCurrentStep } from './useCurrentStep';

export default function LessonPage({ id, query }: { id: string; query: string }) {
  const [lesson, setLesson] = useState<Lesson | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setLesson(undefined);
    void loadLesson(id).then((l) => live && setLesson(l));
    return () => {
      live = false;
    };
  }, [id]);
  if (lesson === undefined) return <p className="page-loading">Loading lesson…</p>;
  if (lesson === null) return <NotFound what={`There is no lesson “${id}”.`} />;
  return <LoadedLesson key={id} lesson={lesson} query={query} />;
}

function LoadedLesson({ lesson, query }: { lesson: Lesson; query: string }) {
  const placed = useMemo(() => experimentsOf(lesson), [lesson]);
  const allKnobs = useMemo(() => placed.flatMap((p) => p.experiment.knobs), [placed]);
  const parsed = useMemo(() => parseUrlState(query, { stepCount: lesson.steps.length, knobs: allKnobs }), [query, lesson, allKnobs]);
  const [seed, setSeed] = useState<number | undefined>(parsed.state.seed);
  const [knobValues, setKnobValues] = useState<Record<string, number>>(parsed.state.knobs);
  const [messages, setMessages] = useState<string[]>(parsed.messages);
  const [ran, setRan] = useState<Set<string>>(new Set());
  const [pinned, setPinned] = useState<string | null>(null);
  const { current, goTo, setRef } = useCurrentStep(lesson.steps.length, (parsed.state.step ?? 1) - 1);

  // A new address (typed or pasted over this one): apply what it says; for a parameter
  // it names but that was refused, keep what is on screen rather than a default.
  useEffect(() => {
    setMessages(parsed.messages);
    if (parsed.ignoredAll) return;
    const refused = new Set(parsed.rejected);
    setSeed((cur) => (refused.has('seed') ? cur : parsed.state.seed));
    setKnobValues((cur) => {
      const next = { ...parsed.state.knobs };
      for (const [path, v] of Object.entries(cur)) if (refused.has(`k.${path}`)) next[path] = v;
      return next;
    });
  }, [parsed]);

  useEffect(() => {
    document.title = `${lesson.meta.title} · InnoDB Lab`;
  }, [lesson]);

  // Jump to the step named in the address once the page is laid out.
  const urlStep = parsed.state.step;
  useEffect(() => {
    if (!urlStep) return;
    const raf = requestAnimationFrame(() => goTo(urlStep - 1, false));
    return () => cancelAnimationFrame(raf);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the address names a step
  }, [urlStep, parsed]);

  useEffect(() => setPinned(null), [current]);

  // Mirror state into the URL without adding history entries or re-routing; also after
  // every new address, so refused parameters do not linger in it.
  useEffect(() => {
    const state: UrlState = { step: current > 0 ? current + 1 : undefined, seed, knobs: knobValues };
    const hash = lessonHref(lesson.meta.id, formatUrlState(state));
    if (location.hash !== hash) history.replaceState(null, '', hash);
  }, [current, seed, knobValues, lesson, parsed]);

  const active = (pinned && placed.find((p) => p.experiment.id === pinned)?.experiment) || activeExperimentFor(placed, current);
  const onKnob = useCallback((path: string, value: number) => setKnobValues((v) => ({ ...v, [path]: value })), []);
  // Pins the experiment and moves focus to the panel, so a keyboard reader's next Tab is
  // on its player bar rather than in the rest of the narrative.
  const showExperiment = useCallback((expId: string) => {
    setPinned(expId);
    const panel = document.getElementById('experiment-panel');
    panel?.scrollIntoView({ block: 'start' });
    panel?.focus({ preventScroll: true });
  }, []);
  const onDone = useCallback((expId: string) => setRan((r) => (r.has(expId) ? r : new Set(r).add(expId))), []);

  return (
    <div className="lesson">
      <div className="lesson-narrative">
        <p className="crumbs">
          <a href="#/">← All lessons</a>
        </p>
        <h1>{lesson.meta.title}</h1>
        <p className="lesson-summary">{lesson.meta.summary}</p>
        {messages.length > 0 ? (
          <div className="notice notice-warn url-messages" role="status">
            <strong>Some settings in the address were ignored:</strong>
            <ul>
              {messages.map((m, i) => (
                <li key={i}>{m}</li>
              ))}
            </ul>
            <button type="button" className="linklike" onClick={() => setMessages([])}>
              Dismiss
            </button>
          </div>
        ) : null}
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
          lesson={lesson}
          current={current}
          setRef={setRef}
          goTo={goTo}
          activeId={active?.id}
          ran={ran}
          onShowExperiment={showExperiment}
        />
      </div>
      <aside className="lesson-panel" id="experiment-panel" tabIndex={-1} aria-label="Experiment">
        {active ? (
          <LessonExperiment
            key={active.id}
            experiment={active}
            knobValues={knobValues}
            onKnob={onKnob}
            seed={seed}
            onSeed={setSeed}
            onDone={onDone}
          />
        ) : (
          <p className="muted">This lesson has no experiment.</p>
        )}
      </aside>
    </div>
  );
}
