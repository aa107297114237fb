// #/notes/<lesson>: the speaker-notes window opened from presenter mode. It follows the
// presenter's slides over a BroadcastChannel and can move them (buttons and keys), and
// shows the step's ```notes blocks, what comes next, and the time since the talk began.

import { useEffect, useRef, useState } from 'react';
import { NotFound } from '../ui/NotFound';
import { notesOf, openChannel, type PresenterMessage } from './presenterChannel';
import { Prose } from './Prose';
import { LESSON_FAILED, useLesson } from './LessonGate';
import { DownloadFailed } from '../ui/downloadFailed';

/** Where the talk's start is kept: this window's session, so a reload keeps the clock. */
const START_KEY = 'innodb-lab-notes-start';

function storedStart(): number | null {
  try {
    const v = Number(sessionStorage.getItem(START_KEY));
    return v > 0 ? v : null;
  } catch {
    return null;
  }
}

function storeStart(ms: number | null): void {
  try {
    if (ms === null) sessionStorage.removeItem(START_KEY);
    else sessionStorage.setItem(START_KEY, String(ms));
  } catch {
    // no storage: the clock still runs until a reload
  }
}

export default function NotesPage({ id }: { id: string }) {
  const lesson = useLesson(id);
  const [step, setStep] = useState(0);
  const [connected, setConnected] = useState(false);
  // The talk's clock starts with the presenter's first slide, not when the notes open (it
  // ran before the talk), and a reload keeps it (it began again at 00:00).
  const start = useRef<number | null>(storedStart());
  const [elapsed, setElapsed] = useState(0);
  const channel = useRef<BroadcastChannel | null>(null);

  useEffect(() => {
    channel.current = openChannel(id, (m: PresenterMessage) => {
      if (m.type === 'slide') {
        setStep(m.step);
        setConnected(true);
        if (start.current === null) storeStart((start.current = Date.now()));
      } else if (m.type === 'bye') setConnected(false);
    });
    channel.current?.postMessage({ type: 'hello' });
    const tick = () => setElapsed(start.current === null ? 0 : Math.floor((Date.now() - start.current) / 1000));
    tick();
    const timer = setInterval(tick, 1000);
    return () => {
      channel.current?.close();
      clearInterval(timer);
    };
  }, [id]);
  const restart = () => {
    storeStart((start.current = connected ? Date.now() : null));
    setElapsed(0);
  };

  useEffect(() => {
    if (lesson && lesson !== LESSON_FAILED) document.title = `Notes: ${lesson.meta.title}`;
  }, [lesson]);

  const go = (i: number) => channel.current?.postMessage({ type: 'go', step: i });
  // The presenter window's slide keys (End did nothing here: the slides stayed put).
  const last = lesson && lesson !== LESSON_FAILED ? lesson.steps.length - 1 : 0;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (['PageDown', 'ArrowRight'].includes(e.key)) go(step + 1);
      else if (['PageUp', 'ArrowLeft'].includes(e.key)) go(step - 1);
      else if (e.key === 'Home') go(0);
      else if (e.key === 'End' && last > 0) go(last);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step, last]);

  if (lesson === undefined) return <p className="page-loading">Loading notes…</p>;
  if (lesson === null) return <NotFound what={`There is no lesson “${id}”.`} />;
  if (lesson === LESSON_FAILED) return <DownloadFailed what={`The lesson “${id}”`} />;
  const s = lesson.steps[Math.min(step, lesson.steps.length - 1)];
  const next = lesson.steps[step + 1];
  const notes = notesOf(s.blocks);
  const mm = String(Math.floor(elapsed / 60)).padStart(2, '0');
  const ss = String(elapsed % 60).padStart(2, '0');
  return (
    <div className="notes-page">
      <header className="notes-head">
        <span className="notes-step">
          Slide {step + 1} / {lesson.steps.length}
        </span>
        <span className="notes-timer" aria-label="Time since the talk began" title="Since the presenter's first slide">
          {mm}:{ss}
        </span>
        <button type="button" onClick={restart} title="Start the talk's clock again">
          Restart clock
        </button>
        {/* Without a presenter window they would move nothing (they looked live). */}
        <button type="button" onClick={() => go(step - 1)} disabled={!connected || step === 0}>
          ← Prev
        </button>
        <button type="button" onClick={() => go(step + 1)} disabled={!connected || step >= lesson.steps.length - 1}>
          Next →
        </button>
      </header>
      {!connected ? <p className="notice notice-warn">Waiting for the presenter window (open it with “Speaker notes” or N in presenter mode).</p> : null}
      <h1>{s.title}</h1>
      {notes ? <Prose markdown={notes} /> : <p className="muted">No speaker notes for this step (add a ```notes block under its heading).</p>}
      {next ? (
        <p className="notes-next">
          <span className="kicker">Next</span> {next.title}
        </p>
      ) : (
        <p className="notes-next muted">Last slide.</p>
      )}
    </div>
  );
}
