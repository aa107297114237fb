// Hash routes of the site (pure): #/ , #/lesson/:id?query , #/playground?query,
// #/present/:id?query (presenter mode), #/notes/:id (speaker notes window),
// #/embed/:lesson/:experiment?query (one experiment for an iframe).

export type Route =
  | { name: 'home' }
  | { name: 'lesson'; id: string; query: string }
  | { name: 'playground'; query: string }
  | { name: 'present'; id: string; query: string }
  | { name: 'notes'; id: string }
  | { name: 'embed'; id: string; experiment: string; query: string }
  | { name: 'notFound'; path: string };

export const LESSON_ID_RE = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** What a lesson id may be, in words (for the not-found page). */
export const LESSON_ID_RULE = 'A lesson id is 1 to 64 lower-case letters, digits and dashes, like “primary-keys”.';
export const EXPERIMENT_ID_RULE = 'An experiment id is 1 to 64 lower-case letters, digits and dashes, like “seq-vs-random”.';

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
  const p = /^\/(present|notes)\/([^/]+)\/?$/.exec(path);
  if (p && LESSON_ID_RE.test(p[2])) return p[1] === 'present' ? { name: 'present', id: p[2], query } : { name: 'notes', id: p[2] };
  const e = /^\/embed\/([^/]+)\/([^/]+)\/?$/.exec(path);
  if (e && LESSON_ID_RE.test(e[1]) && LESSON_ID_RE.test(e[2])) return { name: 'embed', id: e[1], experiment: e[2], query };
  return { name: 'notFound', path: path.length > 60 ? `${path.slice(0, 60)}…` : path };
}

/** Builds a lesson link. */
export function lessonHref(id: string, query = ''): string {
  return `#/lesson/${id}${query}`;
}

/** Presenter mode of a lesson. */
export function presentHref(id: string, query = ''): string {
  return `#/present/${id}${query}`;
}

/** One experiment of a lesson, for an iframe. */
export function embedHref(id: string, experiment: string, query = ''): string {
  return `#/embed/${id}/${experiment}${query}`;
}

/** The page a route shows, without its query ("lesson/primary-keys"). */
export function pageOf(r: Route): string {
  return 'id' in r ? `${r.name}/${r.id}${r.name === 'embed' ? `/${r.experiment}` : ''}` : r.name;
}

/**
 * Writes a page's own state into the address (replaceState, no history entry) while the
 * address is still that page's. A page mirrors its state there as it changes; one doing
 * so just after the reader clicked away (a link home while the lesson was still loading)
 * wrote the lesson's address back over the new one, and the click did nothing.
 */
export function replaceAddress(hash: string): void {
  if (location.hash === hash || pageOf(parseRoute(location.hash)) !== pageOf(parseRoute(hash))) return;
  // The entry's state stays: it holds where the page was scrolled, for Back (App.tsx).
  history.replaceState(history.state, '', hash);
}
