// Friendly not-found page: says what was asked for (as plain text), what exists (the
// lessons, loaded lazily so the shell stays small) and a way home.

import { useEffect, useState } from 'react';
import type { LessonMeta } from '../lessons/types';
import { lessonHref } from './route';

function useLessonList(): LessonMeta[] | null {
  const [lessons, setLessons] = useState<LessonMeta[] | null>(null);
  useEffect(() => {
    let live = true;
    import('../lessons/registry')
      .then((r) => r.loadLessonIndex())
      .then((i) => live && setLessons(i.lessons))
      .catch(() => live && setLessons([]));
    return () => {
      live = false;
    };
  }, []);
  return lessons;
}

export function NotFound({ what, hint }: { what: string; hint?: string }) {
  const lessons = useLessonList();
  return (
    <div className="not-found">
      <h1>Page not found</h1>
      <p className="not-found-what">{what}</p>
      {hint ? <p>{hint}</p> : null}
      {lessons && lessons.length > 0 ? (
        <>
          <h2>Lessons</h2>
          <ul>
            {lessons.map((l) => (
              <li key={l.id}>
                <a href={lessonHref(l.id)}>{l.title}</a> <span className="muted">({l.id})</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        <a href="#/">Go to the list of lessons</a> or <a href="#/playground">open the playground</a>.
      </p>
    </div>
  );
}
