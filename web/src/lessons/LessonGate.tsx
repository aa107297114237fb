// What every lesson route (#/lesson, #/present, #/embed, #/notes) does before it can draw:
// load the lesson by id, unpack a shared link's packed query, and say "loading" or
// "no such lesson" meanwhile. Also the notice that lists the address's refused settings.

import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { NotFound } from '../ui/NotFound';
import { DownloadFailed } from '../ui/downloadFailed';
import { loadLesson } from './registry';
import type { Lesson } from './types';
import { useExpandedQuery } from './useExpandedQuery';

/** Loading a lesson failed: its file could not be fetched. */
export const LESSON_FAILED = 'failed';

/** The lesson with this id: undefined while loading, null when there is none, 'failed' when it could not be fetched. */
export function useLesson(id: string): Lesson | null | undefined | typeof LESSON_FAILED {
  const [loaded, setLoaded] = useState<{ id: string; lesson: Lesson | null | typeof LESSON_FAILED } | null>(null);
  useEffect(() => {
    let live = true;
    // A lesson's chunk that cannot be fetched said "Loading lesson…" for ever.
    loadLesson(id).then(
      (lesson) => live && setLoaded({ id, lesson }),
      () => live && setLoaded({ id, lesson: LESSON_FAILED }),
    );
    return () => {
      live = false;
    };
  }, [id]);
  // A lesson loaded for an earlier id is not shown for this one.
  return loaded && loaded.id === id ? loaded.lesson : undefined;
}

export interface GateProps {
  id: string;
  /** The route's query (may carry a packed `z`); omit for routes that read none. */
  query?: string;
  loadingText?: string;
  children: (lesson: Lesson, query: string, linkMessages: string[]) => ReactNode;
}

/** Renders `children` once the lesson and the query are ready. */
export function LessonGate({ id, query = '', loadingText = 'Loading lesson…', children }: GateProps) {
  const lesson = useLesson(id);
  const expanded = useExpandedQuery(query);
  if (lesson === undefined || expanded === null) return <p className="page-loading">{loadingText}</p>;
  if (lesson === null) return <NotFound what={`There is no lesson “${id}”.`} />;
  if (lesson === LESSON_FAILED) return <DownloadFailed what={`The lesson “${id}”`} />;
  return <>{children(lesson, expanded.query, expanded.messages)}</>;
}

/** The settings of the address that were refused, with a Dismiss button; nothing when none. */
export function IgnoredSettings({
  messages,
  onDismiss,
  className = '',
  heading = 'Some settings in the address were ignored:',
}: {
  messages: string[];
  onDismiss: () => void;
  className?: string;
  /** The box's heading: a playground link whose run was refused says so, not "ignored". */
  heading?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  // Floating over the page's foot (`.url-messages`), it covered what sat there ("Lock in
  // my prediction") with no way to scroll it clear: the page gets room below its end.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || getComputedStyle(el).position !== 'fixed') return;
    const body = document.body;
    const before = body.style.paddingBottom;
    // From the box's top to the window's foot (its height, its offset and its margin), and 8 px.
    const clear = Math.ceil(window.innerHeight - el.getBoundingClientRect().top) + 8;
    body.style.paddingBottom = `${clear}px`;
    // What scrolls itself into view keeps clear of the box too (`scroll-margin-bottom`):
    // a playground link's refused run brought its field list to the window's foot, under it.
    const root = document.documentElement.style;
    root.setProperty('--foot-notice', `${clear}px`);
    return () => {
      body.style.paddingBottom = before;
      root.removeProperty('--foot-notice');
    };
  }, [messages]);
  if (!messages.length) return null;
  return (
    <div ref={box} className={`notice notice-warn ${className}`.trim()} role="status">
      {/* Dismiss at the top, beside the heading: on a phone a long list scrolls inside the box. */}
      <div className="notice-head">
        <strong>{heading}</strong>
        <button type="button" className="linklike" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
      <ul>
        {messages.map((m, i) => (
          <li key={i}>{m}</li>
        ))}
      </ul>
    </div>
  );
}
