// #/embed/<lesson>/<experiment>: one experiment with minimal chrome, for an iframe in a
// course page or slide deck. Seed, knobs and a start time come from the query as on the
// lesson page; a link opens the full lesson.

import { useCallback, useEffect, useMemo, useState } from 'react';
import { NotFound } from '../ui/NotFound';
import { lessonHref } from '../ui/route';
import { formatUrlState, parseUrlState } from '../ui/urlState';
import { experimentsOf } from './activeExperiment';
import { LessonExperiment, useExperimentSettings } from './LessonExperiment';
import { IgnoredSettings, LessonGate } from './LessonGate';
import type { Lesson } from './types';
import { knobText } from './scenarios';

export default function EmbedPage({ id, experiment, query }: { id: string; experiment: string; query: string }) {
  return (
    <LessonGate id={id} query={query} loadingText="Loading…">
      {(lesson, q, linkMessages) => {
        const placed = experimentsOf(lesson);
        const exp = placed.find((p) => p.experiment.id === experiment)?.experiment;
        if (!exp) {
          return <NotFound what={`Lesson “${lesson.meta.title}” has no experiment “${experiment}”.`} hint={`Its experiments: ${placed.map((p) => p.experiment.id).join(', ') || 'none'}.`} />;
        }
        return <Embedded lesson={lesson} expId={exp.id} query={q} linkMessages={linkMessages} />;
      }}
    </LessonGate>
  );
}

/** What an embed does not use of a lesson link, and why ("step" must be from 1 to 1, it said). */
const EMBED_UNUSED = {
  step: 'an embed shows one experiment, not the lesson\'s steps',
  x: 'an embed shows the experiment its address names',
};

function Embedded({ lesson, expId, query, linkMessages }: { lesson: Lesson; expId: string; query: string; linkMessages: string[] }) {
  const placed = useMemo(() => experimentsOf(lesson), [lesson]);
  const at = placed.find((p) => p.experiment.id === expId)!;
  const exp = at.experiment;
  // A knob of another experiment of the lesson is named as such, as on the lesson page.
  const parsed = useMemo(() => {
    const own = new Set(exp.knobs.map((k) => k.path));
    const elsewhere = [...new Set(placed.flatMap((p) => p.experiment.knobs.map((k) => k.path)).filter((p) => !own.has(p)))];
    return parseUrlState(query, { stepCount: 1, knobs: exp.knobs, knobsElsewhere: elsewhere, unused: EMBED_UNUSED });
  }, [query, exp, placed]);
  const { seed, knobValues, settings } = useExperimentSettings(parsed.state, exp.id, exp.id);
  const [messages, setMessages] = useState([...linkMessages, ...parsed.messages]);
  const [pendingT, setPendingT] = useState<number | undefined>(parsed.state.t);
  const noop = useCallback(() => undefined, []);
  const clearT = useCallback(() => setPendingT(undefined), []);
  // With the knob values it runs with ("(4 cores)", not the lesson's "(2 cores)").
  const title = knobText(exp.title, exp, knobValues);
  useEffect(() => {
    document.title = `${title} · InnoDB Lab`;
  }, [title]);
  // The lesson at the experiment's own step (step 1 beside unrelated text, it opened).
  const full = lessonHref(lesson.meta.id, formatUrlState({ step: at.step > 0 ? at.step + 1 : undefined, seed, knobs: knobValues, x: exp.id }));
  return (
    <div className="embed">
      {/* At the top: at the foot, the way to the lesson sat 3 to 6 screens down a 600×400 iframe. */}
      <p className="embed-credit">
        <a href={full} target="_blank" rel="noopener">
          {lesson.meta.title} — open the lesson in InnoDB Lab ↗
        </a>
      </p>
      <IgnoredSettings messages={messages} onDismiss={() => setMessages([])} />
      <LessonExperiment
        experiment={exp}
        {...settings}
        onDone={noop}
        panel={{
          initialTimeNs: pendingT !== undefined ? pendingT * 1e9 : undefined,
          onInitialTimeApplied: clearT,
          foldKnobs: true,
          ...(parsed.state.speed !== undefined ? { defaultSpeed: parsed.state.speed } : {}),
        }}
      />
    </div>
  );
}
