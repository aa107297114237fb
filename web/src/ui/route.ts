// Hash routes of the site (pure): #/ , #/lesson/:id?query , #/playground?query.

export type Route =
  | { name: 'home' }
  | { name: 'lesson'; id: string; query: string }
  | { name: 'playground'; query: string }
  | { name: 'notFound'; path: string };

const LESSON_ID_RE = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** What a lesson id may be, in words (for the not-found page). */
export const LESSON_ID_RULE = 'A lesson id is 1 to 64 lower-case letters, digits and dashes, like “primary-keys”.';

/** Parses `location.hash` ("#/lesson/primary-keys?step=2"). */
export function parseRoute(hash: string): Route {
  const h = hash.replace(/^#/, '');
  const q = h.indexOf('?');
  const path = (q < 0 ? h : h.slice(0, q)) || '/';
  const query = q < 0 ? '' : h.slice(q + 1);
  if (path === '/' || path === '') return { name: 'home' };
  if (path === '/playground' || path === '/playground/') return { name: 'playground', query };
  const m = /^\/lesson\/([^/]+)\/?$/.exec(path);
  if (m && LESSON_ID_RE.test(m[1])) return { name: 'lesson', id: m[1], query };
  return { name: 'notFound', path: path.length > 60 ? `${path.slice(0, 60)}…` : path };
}

/** Builds a lesson link. */
export function lessonHref(id: string, query = ''): string {
  return `#/lesson/${id}${query}`;
}
