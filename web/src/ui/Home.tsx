// Home: one card per lesson (front matter title, summary, order, and the reader's progress
// kept in this browser), plus the playground.

import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { loadProgress, progressLine } from '../lessons/progress';
import { loadLessonIndex } from '../lessons/registry';
import type { LessonMeta } from '../lessons/types';
import { useOfflineStatus } from '../offline/register';
import { lessonHref } from './route';

export default function Home() {
  const [index, setIndex] = useState<{ lessons: LessonMeta[]; errors: string[] } | null>(null);
  useEffect(() => {
    document.title = 'InnoDB Lab';
    let live = true;
    void loadLessonIndex().then((i) => live && setIndex(i));
    return () => {
      live = false;
    };
  }, []);
  useKeptScroll(index !== null);
  return (
    <div className="home">
      <header className="hero">
        <h1>Watch InnoDB think</h1>
        <p>
          A simulated InnoDB runs in your browser. Insert rows and watch B+tree pages split, the buffer pool fill and evict,
          and latency follow. Every lesson is an experiment you can replay, step through and tweak.
        </p>
      </header>
      {index === null ? <p className="muted">Loading lessons…</p> : null}
      {index && index.lessons.length === 0 ? <p className="muted">No lessons yet. Try the playground.</p> : null}
      <ol className="lesson-cards">
        {index?.lessons.map((l) => (
          <li key={l.id}>
            <a className="lesson-card" href={lessonHref(l.id)}>
              <span className="lesson-order">{l.order}</span>
              <span className="lesson-card-title">{l.title}</span>
              <span className="lesson-card-summary">{l.summary}</span>
              <CardProgress id={l.id} />
            </a>
          </li>
        ))}
        <li>
          <a className="lesson-card playground-card" href="#/playground">
            <span className="lesson-order">∞</span>
            <span className="lesson-card-title">Playground</span>
            <span className="lesson-card-summary">Edit a scenario as JSON and run it with every view.</span>
          </a>
        </li>
      </ol>
      <OfflineLine />
      {index && index.errors.length > 0 ? (
        <details className="notice notice-error">
          <summary>{index.errors.length} lesson file problem(s)</summary>
          <ul>
            {index.errors.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

/**
 * Back on the home page, it opens where it was left. The scroll position is kept in the
 * history entry's state as the reader scrolls, and applied once the cards are there: the
 * browser's own restore ran while the page was still short, and left it at the top. A new
 * visit (a link to the home page) has no such state and starts at the top.
 */
function useKeptScroll(ready: boolean) {
  // Nothing is kept before the cards are there: a scroll event of the short page (at 0)
  // would overwrite the position about to be restored.
  const readyRef = useRef(ready);
  readyRef.current = ready;
  useEffect(() => {
    let timer = 0;
    const keep = () => {
      if (!readyRef.current) return;
      clearTimeout(timer);
      timer = window.setTimeout(() => history.replaceState({ ...(history.state as object | null), homeScroll: window.scrollY }, ''), 100);
    };
    window.addEventListener('scroll', keep, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', keep);
    };
  }, []);
  useLayoutEffect(() => {
    const y = (history.state as { homeScroll?: unknown } | null)?.homeScroll;
    if (ready && typeof y === 'number' && y > 0) window.scrollTo(0, y);
  }, [ready]);
}

function CardProgress({ id }: { id: string }) {
  const line = progressLine(loadProgress(id));
  return line ? <span className="lesson-card-progress">✓ {line}</span> : null;
}

/** Whether this browser keeps a copy of the site for use with no network. */
function OfflineLine() {
  const status = useOfflineStatus();
  if (status === 'off') return null;
  return (
    <p className="muted offline-status" role="status">
      {status === 'ready'
        ? 'Saved in this browser: the lessons and the playground also work with no network.'
        : 'Saving the site in this browser for use with no network…'}
    </p>
  );
}
