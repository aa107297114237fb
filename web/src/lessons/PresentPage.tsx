// Presenter mode (#/present/<lesson>?step=N): each step of the lesson is a full-screen
// slide beside its live experiment, in large type. Keys: PgDn/→ and PgUp/← between
// slides, Space plays, , and . step the simulation, N opens the speaker notes in a second
// window that follows the slides (BroadcastChannel), F full screen, T theme, ? help.

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { lessonHref, presentHref, replaceAddress } from '../ui/route';
import { useKeepFocus } from '../ui/keepFocus';
import { useTheme, type ThemeChoice } from '../ui/theme';
import { stepFocus, usePanelFocus } from './panelFocus';
import { useScrollKeys, useSlideFit, useSlideScroll } from './slideScroll';
import { leavesControl, slideKey } from './slideKeys';
import { formatUrlState } from '../ui/urlState';
import { activeExperimentFor, experimentsOf, parseLessonAddress } from './activeExperiment';
import { KeyHelp, PRESENTER_KEYS } from './KeyHelp';
import { ExperimentSlot, speedForLink, useExperimentSettings, useLinkSpeed, useNewAddress } from './LessonExperiment';
import { openChannel, type PresenterMessage } from './presenterChannel';
import { Prose } from './Prose';
import { QuizBlock } from './QuizBlock';
import { IgnoredSettings, LessonGate } from './LessonGate';
import type { Lesson } from './types';
import type { Speed } from '../player/speed';
import { knobText } from './scenarios';
import { otherRunsAfter, type QuizProgress } from './progress';

export default function PresentPage({ id, query }: { id: string; query: string }) {
  return <LessonGate id={id} query={query}>{(lesson, q, linkMessages) => <Slides lesson={lesson} query={q} linkMessages={linkMessages} />}</LessonGate>;
}

const THEMES: ThemeChoice[] = ['projector', 'dark', 'light'];

/** What presenter mode does not use of a lesson link, and why (it said nothing and dropped them). */
const PRESENTER_UNUSED = {
  t: "presenter mode starts each slide's experiment at t = 0",
};

function Slides({ lesson, query, linkMessages }: { lesson: Lesson; query: string; linkMessages: string[] }) {
  const placed = useMemo(() => experimentsOf(lesson), [lesson]);
  // The address's knob values are those of its slide's experiment.
  const { parsed, experiment: addressExp } = useMemo(() => parseLessonAddress(query, placed, { stepCount: lesson.steps.length, experiments: placed.map((p) => p.experiment.id), unused: PRESENTER_UNUSED }), [query, lesson, placed]);
  const n = lesson.steps.length;
  const [step, setStep] = useState((parsed.state.step ?? 1) - 1);
  // A bad or unused parameter is named, as on the lesson page; the address then drops it.
  const [messages, setMessages] = useState(() => [...linkMessages, ...parsed.messages]);
  const slideExp = activeExperimentFor(placed, step);
  // Another experiment of the slide (a follow-up below its text), shown in the panel by
  // its card or by the address's x, until the slide changes (as on the lesson page).
  const [pinned, setPinned] = useState<string | null>(parsed.state.x ?? null);
  const active = (pinned && placed.find((p) => p.experiment.id === pinned)?.experiment) || slideExp;
  const shownX = active && active.id !== slideExp?.id ? active.id : undefined;
  const { seed, knobValues, fromAddress, settings } = useExperimentSettings(parsed.state, addressExp?.id, active?.id);
  // An address typed over this one (step=6 for step=2): go where it says, as the lesson page does.
  // A link's speed (the lesson page's, taken along), for the experiment it shows.
  const linkSpeed = useLinkSpeed(parsed, addressExp?.id);
  useNewAddress(parsed, addressExp?.id, fromAddress, setMessages, () => {
    if (parsed.state.step !== undefined) setStep(parsed.state.step - 1);
    setPinned(parsed.state.x ?? null);
    linkSpeed.renew();
  });
  const [help, setHelp] = useState(false);
  const [ran, setRan] = useState<Set<string>>(new Set());
  // The room's locked predictions, for this showing: a slide left and come back to shows
  // its vote (locked, and checked once the run has been), as the lesson page does from
  // its saved progress. Not saved: a class's votes are not the teacher's own progress.
  const [votes, setVotes] = useState<Record<string, QuizProgress>>({});
  const onVote = useCallback((quizId: string, choice: number, correct: boolean, checked: boolean) => setVotes((v) => ({ ...v, [quizId]: { choice, correct, checked } })), []);
  const { choice, setChoice, override, setOverride, reducedMotion } = useTheme();
  const channel = useRef<BroadcastChannel | null>(null);
  const go = useCallback(
    (i: number) => {
      const to = Math.max(0, Math.min(n - 1, i));
      if (to !== stepRef.current) setPinned(null);
      setStep(to);
    },
    [n],
  );

  // Projector theme unless the reader picked one, as an override that is never stored:
  // leaving the page by any way (a link, a reload, closing the tab) leaves their choice.
  const entryChoice = useRef(choice);
  useEffect(() => {
    if (entryChoice.current === 'auto') setOverride('projector');
    return () => setOverride(null);
  }, [setOverride]);
  // A theme picked here is the reader's own choice: stored, and no longer overridden.
  const pickTheme = useCallback(
    (t: ThemeChoice) => {
      setOverride(null);
      setChoice(t);
    },
    [setOverride, setChoice],
  );
  const shownTheme: ThemeChoice = override ?? (choice === 'auto' ? 'projector' : choice);

  useEffect(() => {
    const onMsg = (m: PresenterMessage) => {
      if (m.type === 'go') go(m.step);
      else if (m.type === 'hello') channel.current?.postMessage({ type: 'slide', step: stepRef.current, count: n });
    };
    const ch = openChannel(lesson.meta.id, onMsg);
    channel.current = ch;
    ch?.postMessage({ type: 'slide', step: stepRef.current, count: n }); // reopened: here again
    // The notes window says it is waiting again once this one closes or leaves presenter
    // mode (it went on showing the slide, and its Next did nothing).
    const bye = () => ch?.postMessage({ type: 'bye' });
    window.addEventListener('pagehide', bye);
    return () => {
      window.removeEventListener('pagehide', bye);
      bye();
      ch?.close();
    };
  }, [lesson, n, go]);
  const stepRef = useRef(step);
  stepRef.current = step;

  useEffect(() => {
    channel.current?.postMessage({ type: 'slide', step, count: n });
    const hash = presentHref(lesson.meta.id, formatUrlState({ step: step + 1, seed, knobs: knobValues, x: shownX }));
    replaceAddress(hash);
    document.title = `${step + 1}/${n} ${lesson.steps[step]?.title ?? ''} · ${lesson.meta.title}`;
  }, [step, n, lesson, seed, knobValues, shownX]);

  const openNotes = useCallback(() => {
    // One notes window for every lesson: presenting the next lesson, N turns it to that
    // lesson's notes (it stayed on the last lesson's, waiting, and N opened another).
    window.open(`#/notes/${lesson.meta.id}`, 'innodb-lab-notes', 'popup,width=720,height=640');
  }, [lesson]);
  const fullscreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.defaultPrevented && leavesControl(e.key, e.target)) {
        e.preventDefault();
        e.target.blur();
        return;
      }
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || !slideKey(e.key, e.target)) return;
      // Behind the open key help only its own keys act (PageDown turned slides behind it).
      if (e.target instanceof Element && e.target.closest('dialog[open]') && e.key !== '?' && e.key !== 'Escape') return;
      const act: Record<string, () => void> = {
        PageDown: () => go(stepRef.current + 1),
        ArrowRight: () => go(stepRef.current + 1),
        PageUp: () => go(stepRef.current - 1),
        ArrowLeft: () => go(stepRef.current - 1),
        Home: () => go(0),
        End: () => go(n - 1),
        ArrowDown: () => textScroll.current(1),
        ArrowUp: () => textScroll.current(-1),
        n: openNotes,
        N: openNotes,
        f: fullscreen,
        F: fullscreen,
        // The theme after the one shown (the projector override included), picked as the
        // select picks it: stored, and the override cleared.
        t: () => pickTheme(THEMES[(THEMES.indexOf(shownTheme) + 1) % THEMES.length]),
        // The slide's sweep, if it has one: a presenter at the projector had to Tab to its button.
        r: () => runSlideSweep(panelBox.current),
        R: () => runSlideSweep(panelBox.current),
        '?': () => setHelp((h) => !h),
        // The help open: it closes (its dialog does too). Else the slides end, as a slide
        // show ends on Esc, back to the lesson at this slide; in full screen the browser
        // takes Esc itself to leave full screen, and the slides stay.
        Escape: () => {
          if (helpOpen.current) setHelp(false);
          else if (!document.fullscreenElement) exitLink.current?.click();
        },
      };
      // Shift+↓/↑: the panel, a column of views several screens long on a projector.
      const a = e.shiftKey && (e.key === 'ArrowDown' || e.key === 'ArrowUp') ? () => panelScroll.current(e.key === 'ArrowDown' ? 1 : -1) : act[e.key];
      if (a) {
        e.preventDefault();
        a();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, n, openNotes, fullscreen, shownTheme, pickTheme]);

  const helpOpen = useRef(help);
  helpOpen.current = help;
  const exitLink = useRef<HTMLAnchorElement>(null);
  const bar = useRef<HTMLSpanElement>(null);
  useKeepFocus(bar); // Next on the last slide, Prev on the first
  // ↓ and ↑ scroll a slide's text taller than the screen; a cue says there is more.
  const textBox = useRef<HTMLElement>(null);
  useSlideFit(textBox, step); // before the "more below" check measures it
  const { more, scroll } = useSlideScroll(textBox, step, reducedMotion);
  const textScroll = useRef(scroll);
  textScroll.current = scroll;

  const s = lesson.steps[step];
  // The view this slide is about, scrolled to in the panel when the slide opens.
  const panelBox = useRef<HTMLElement>(null);
  const panelTime = useRef(0);
  const panelSpeed = useRef<Speed | undefined>(undefined);
  usePanelFocus(panelBox, stepFocus(s), step, reducedMotion);
  const scrollPanel = useScrollKeys(panelBox, reducedMotion);
  // A button that shows an experiment leaves as it does ("Show it now" with its notice, a
  // card's "Show in the panel →" for its "in the panel"): focus goes to the panel it fills,
  // not to the page.
  const showInPanel = (id: string) => {
    setPinned(id);
    panelBox.current?.focus({ preventScroll: true });
  };
  const panelScroll = useRef(scrollPanel);
  panelScroll.current = scrollPanel;
  const [runs, setRuns] = useState<Record<string, number>>({});
  // As on the lesson page: a run with changed knobs or seed checks no prediction.
  const [otherRuns, setOtherRuns] = useState<Record<string, string[]>>({});
  const onDone = useCallback((expId: string, changed: string[]) => {
    setOtherRuns((o) => otherRunsAfter(o, expId, changed));
    if (changed.length > 0) return;
    setRuns((r) => ({ ...r, [expId]: (r[expId] ?? 0) + 1 }));
    setRan((r) => (r.has(expId) ? r : new Set(r).add(expId)));
  }, []);
  // The shown experiment's title with the knob values it runs with.
  const titles = new Map(placed.map((p) => [p.experiment.id, knobText(p.experiment.title, p.experiment, p.experiment.id === active?.id ? knobValues : undefined)]));
  const exitHref = (timeNs: number, speed?: Speed) =>
    lessonHref(lesson.meta.id, formatUrlState({ step: step > 0 ? step + 1 : undefined, seed, knobs: knobValues, x: shownX, t: timeNs > 0 ? timeNs / 1e9 : undefined, speed: speedForLink(speed, active) }));
  const sweeps = new Set(placed.filter((p) => p.experiment.sweep).map((p) => p.experiment.id));
  const first = placed[0];
  const noExperiment = first && !pinned && step < first.step;

  return (
    <div className="presenter">
      <header className="presenter-bar">
        {/* The lesson at this slide, and its run at the time the panel shows (it opened at 0). */}
        <a href={exitHref(0)} className="presenter-exit" ref={exitLink} onClick={(e) => (e.currentTarget.href = noExperiment ? exitHref(0) : exitHref(panelTime.current, panelSpeed.current))}>
          ✕ Exit
        </a>
        <span className="presenter-title" title={lesson.meta.title}>
          {lesson.meta.title}
        </span>
        {/* Prev and Next as one group: the one disabled under focus hands it to the other. */}
        <span className="presenter-nav" ref={bar}>
        <button type="button" onClick={() => go(step - 1)} disabled={step === 0} aria-label="Previous slide">
          ← Prev
        </button>
        <span className="presenter-count">
          {step + 1} / {n}
        </span>
        <span className="visually-hidden" aria-live="polite">
          Slide {step + 1} of {n}: {lesson.steps[step]?.title}
        </span>
        <button type="button" onClick={() => go(step + 1)} disabled={step >= n - 1} aria-label="Next slide">
          Next →
        </button>
        </span>
        <select className="presenter-extra" value={shownTheme} onChange={(e) => pickTheme(e.target.value as ThemeChoice)} aria-label="Presenter theme">
          <option value="projector">Projector</option>
          <option value="dark">Dark</option>
          <option value="light">Light</option>
        </select>
        <button type="button" className="presenter-extra" onClick={openNotes}>
          Speaker notes
        </button>
        <button type="button" className="presenter-extra" onClick={fullscreen}>
          Full screen
        </button>
        <button type="button" onClick={() => setHelp((h) => !h)} aria-expanded={help} aria-label="Keyboard shortcuts">
          ?
        </button>
      </header>
      {help ? <KeyHelp keys={PRESENTER_KEYS} onClose={() => setHelp(false)} /> : null}
      <div className="slide">
        <section className="slide-text" aria-label={`Slide ${step + 1}: ${s.title}`} ref={textBox}>
          <IgnoredSettings className="url-messages" messages={messages} onDismiss={() => setMessages([])} />
          <h1>{s.title}</h1>
          {s.blocks.map((b, j) => {
            if (b.kind === 'prose') return <Prose key={`${step}-${j}`} markdown={b.markdown} presenter />;
            if (b.kind === 'quiz')
              return (
                <QuizBlock
                  key={`${step}-${j}`}
                  quiz={b.quiz}
                  experimentTitle={b.quiz.after ? titles.get(b.quiz.after) : undefined}
                  experimentSweep={b.quiz.after ? sweeps.has(b.quiz.after) : false}
                  experimentRan={b.quiz.after ? ran.has(b.quiz.after) : true}
                  experimentRuns={b.quiz.after ? (runs[b.quiz.after] ?? 0) : 0}
                  otherRun={b.quiz.after ? otherRuns[b.quiz.after] : undefined}
                  saved={votes[b.quiz.id]}
                  onLock={(c, ok, checked) => onVote(b.quiz.id, c, ok, checked)}
                />
              );
            if (b.kind === 'experiment')
              return (
                <p key={`${step}-${j}`} className="slide-experiment">
                  <span className="kicker">Experiment</span> {knobText(b.experiment.title, b.experiment, b.experiment.id === active?.id ? knobValues : undefined)}
                  {b.experiment.id === active?.id ? (
                    <>
                      <span className="muted"> — in the panel</span>
                      {/* Under the text on a narrow screen (the panel is not beside it): a way down to it. */}
                      <button type="button" className="linklike slide-to-panel" onClick={() => panelBox.current?.scrollIntoView({ block: 'start' })}>
                        Go to the experiment ↓
                      </button>
                    </>
                  ) : (
                    <>
                      {' '}
                      <button type="button" className="linklike" onClick={() => showInPanel(b.experiment.id)}>
                        Show in the panel →<span className="visually-hidden">: {knobText(b.experiment.title, b.experiment)}</span>
                      </button>
                    </>
                  )}
                </p>
              );
            return null;
          })}
          {more ? (
            <p className="slide-more" aria-hidden="true">
              ↓ more below (↓ key)
            </p>
          ) : null}
        </section>
        <aside className="slide-panel" aria-label="Experiment" ref={panelBox} tabIndex={-1}>
          {noExperiment ? (
            // Before the lesson's first experiment: none in the panel. Shown ahead, Space
            // started the next slide's run before the room had voted on its quiz.
            <div className="slide-no-experiment">
              <p>No experiment on this slide.</p>
              <p className="muted">
                The first one, “{titles.get(first.experiment.id)}”, comes on slide {first.step + 1}.{' '}
                <button type="button" className="linklike" onClick={() => showInPanel(first.experiment.id)}>
                  Show it now
                </button>
              </p>
            </div>
          ) : (
            <ExperimentSlot experiment={active} {...settings} onDone={onDone} panel={{ arrowKeys: false, noTools: true, timeRef: panelTime, speedRef: panelSpeed, ...linkSpeed.speedOf(active?.id) }} />
          )}
        </aside>
      </div>
      <p className="presenter-hint muted">PgDn / → next · PgUp / ← previous · ↓ ↑ scroll the text (Shift: the panel) · Space play · , . step the simulation{active?.sweep ? ' · R run the sweep' : ''} · N notes · ? keys · Esc leave</p>
    </div>
  );
}

/** Runs (or runs again) the sweep in a slide's panel, when it has one and it is not running. */
export function runSlideSweep(panel: HTMLElement | null): void {
  const b = panel?.querySelector<HTMLButtonElement>('.sweep-controls button.sweep-run');
  if (!b || b.disabled) return;
  b.scrollIntoView({ block: 'nearest' });
  b.click();
}
