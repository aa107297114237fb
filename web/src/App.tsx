// The app shell: header, theme switch, and the hash router. Pages are lazy chunks so the
// first download stays small (the lesson page brings markdown-it, views bring d3).

import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { OfflineBadge } from './offline/OfflineBadge';
import { ErrorBoundary } from './ui/ErrorBoundary';
import { NotFound } from './ui/NotFound';
import { EXPERIMENT_ID_RULE, LESSON_ID_RE, LESSON_ID_RULE, pageOf, parseRoute, type Route } from './ui/route';
import { useTheme, type ThemeChoice } from './ui/theme';

const Home = lazy(() => import('./ui/Home'));
const LessonPage = lazy(() => import('./lessons/LessonPage'));
const Playground = lazy(() => import('./ui/Playground'));
const PresentPage = lazy(() => import('./lessons/PresentPage'));
const NotesPage = lazy(() => import('./lessons/NotesPage'));
const EmbedPage = lazy(() => import('./lessons/EmbedPage'));

/** How long a page may take to grow tall enough for the scroll Back returns to (ms). */
const RESTORE_WAIT_MS = 2000;

/**
 * The current route, and the window's scroll across pages.
 *
 * A click on a link to another page opens that page at its top, as a page load would:
 * the window kept the last page's scroll, and the playground, opened from a lesson read
 * 1,500 px down, showed up 1,010 px down its form.
 *
 * Back and Forward return to where the reader was. Each history entry keeps its page's
 * scroll (`pageScroll` in its state); the browser's own restore ran while the last page
 * was still on screen, so it was cut to that page's height (the playground came back at
 * the home page's 516 px, a lesson at the start of the step in its address). The scroll
 * is put back once the page has grown tall enough, unless the reader scrolls first.
 */
function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    let shown = pageOf(parseRoute(location.hash));
    let toTop = false;
    let timer = 0;
    let frame = 0;
    const keep = (y = window.scrollY) => history.replaceState({ ...(history.state as object | null), pageScroll: y }, '');
    const onScroll = () => {
      clearTimeout(timer);
      timer = window.setTimeout(() => keep(), 100);
    };
    const stopRestore = () => cancelAnimationFrame(frame);
    const restore = (y: unknown) => {
      stopRestore();
      if (typeof y !== 'number' || !(y > 0)) return;
      const until = performance.now() + RESTORE_WAIT_MS;
      const attempt = () => {
        const room = document.documentElement.scrollHeight - window.innerHeight;
        if (room >= y || performance.now() > until) window.scrollTo(0, y);
        else frame = requestAnimationFrame(attempt);
      };
      frame = requestAnimationFrame(attempt);
    };
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = e.target instanceof Element ? e.target.closest('a') : null;
      const href = a?.getAttribute('href');
      if (!a || !href?.startsWith('#/') || (a.target && a.target !== '_self')) return;
      toTop = pageOf(parseRoute(href)) !== shown;
      // This entry's scroll as it is now (the last scroll's save may still be pending).
      if (toTop) keep();
    };
    const on = () => {
      clearTimeout(timer); // a pending save is the last page's, not this entry's
      const next = parseRoute(location.hash);
      const page = pageOf(next);
      if (toTop) {
        stopRestore();
        window.scrollTo(0, 0);
      } else if (page !== shown) restore((history.state as { pageScroll?: unknown } | null)?.pageScroll);
      toTop = false;
      shown = page;
      setRoute(next);
    };
    document.addEventListener('click', onClick);
    window.addEventListener('hashchange', on);
    window.addEventListener('scroll', onScroll, { passive: true });
    // The reader's own scroll wins over one still waiting for the page to grow.
    for (const ev of ['wheel', 'touchstart', 'keydown'] as const) window.addEventListener(ev, stopRestore, { passive: true });
    return () => {
      clearTimeout(timer);
      stopRestore();
      document.removeEventListener('click', onClick);
      window.removeEventListener('hashchange', on);
      window.removeEventListener('scroll', onScroll);
      for (const ev of ['wheel', 'touchstart', 'keydown'] as const) window.removeEventListener(ev, stopRestore);
    };
  }, []);
  return route;
}

function ThemeSwitch() {
  const { choice, setChoice } = useTheme();
  return (
    <label className="theme-switch">
      <span className="visually-hidden">Theme</span>
      <select value={choice} onChange={(e) => setChoice(e.target.value as ThemeChoice)} aria-label="Colour theme">
        <option value="auto">Auto theme</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
        <option value="projector">Projector</option>
      </select>
    </label>
  );
}

/** Moves focus to <main> without making it a click target (a focusable <main> scrolls
 * to the top when clicked). */
function focusMain(preventScroll: boolean) {
  const main = document.getElementById('main');
  if (!main) return;
  main.setAttribute('tabindex', '-1');
  main.focus({ preventScroll });
  main.addEventListener('blur', () => main.removeAttribute('tabindex'), { once: true });
}

/** The skip link: the hash stays the route. */
function skipToMain(e: React.MouseEvent) {
  e.preventDefault();
  focusMain(false);
}

/**
 * After a route change, focus that was in the old page (now gone, so on <body>), or on the
 * header link that changed it, goes to the new page's <main>, as a page load would start
 * there: Enter on a lesson card left it on <body>, and the next Tab went to the page's
 * first link.
 */
function useFocusOnRoute(key: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // A header link that led here ("Playground") keeps focus too: the next Tab went on
    // through the header instead of into the page it opened.
    const a = document.activeElement;
    if (a === document.body || a === null || (a instanceof HTMLAnchorElement && a.closest('.site-header'))) focusMain(true);
  }, [key]);
}

/** A header link to the page already shown goes back to its top, as a site's links do
 * (the address does not change, so the browser did nothing). */
function toTopIfHere(e: React.MouseEvent<HTMLAnchorElement>) {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  if (e.currentTarget.getAttribute('href') !== (location.hash || '#/')) return;
  e.preventDefault();
  window.scrollTo(0, 0);
}

export function App() {
  const route = useRoute();
  useFocusOnRoute(pageOf(route));
  const page = (() => {
    switch (route.name) {
      case 'home':
        return <Home />;
      case 'lesson':
        return <LessonPage id={route.id} query={route.query} />;
      case 'playground':
        return <Playground key={route.query} query={route.query} />;
      case 'present':
        return <PresentPage id={route.id} query={route.query} />;
      case 'notes':
        return <NotesPage id={route.id} />;
      case 'embed':
        return <EmbedPage id={route.id} experiment={route.experiment} query={route.query} />;
      case 'notFound': {
        // A lesson's own pages name the id rule too (#/present/Primary-Keys said only "Nothing lives at").
        const prefix = ['/lesson/', '/present/', '/notes/', '/embed/'].find((p) => route.path.startsWith(p));
        const rest = prefix ? route.path.slice(prefix.length) : '';
        // An embed's path is the lesson, then the experiment: name the part that is wrong.
        const [lessonPart, expPart] = prefix === '/embed/' ? rest.split(/\/(.*)/s) : [rest];
        const badExp = LESSON_ID_RE.test(lessonPart) && expPart !== undefined;
        return prefix ? (
          <NotFound what={badExp ? `“${expPart}” is not an experiment id.` : `“${lessonPart}” is not a lesson id.`} hint={badExp ? EXPERIMENT_ID_RULE : LESSON_ID_RULE} />
        ) : (
          <NotFound what={`Nothing lives at “${route.path}”.`} />
        );
      }
    }
  })();
  // Presenter, notes and embed pages fill the window without the site's header.
  if (route.name === 'present' || route.name === 'notes' || route.name === 'embed') {
    return (
      <main id="main" className={`bare bare-${route.name}`}>
        <ErrorBoundary what="This page" key={`${route.name}/${route.id}`}>
          <Suspense fallback={<p className="page-loading">Loading…</p>}>{page}</Suspense>
        </ErrorBoundary>
      </main>
    );
  }
  return (
    <>
      <a className="skip-link" href="#main" onClick={skipToMain}>
        Skip to content
      </a>
      <header className="site-header">
        <a className="brand" href="#/" onClick={toTopIfHere}>
          InnoDB Lab
        </a>
        <nav>
          <a href="#/" onClick={toTopIfHere}>
            Lessons
          </a>
          <a href="#/playground" onClick={toTopIfHere}>
            Playground
          </a>
        </nav>
        <OfflineBadge />
        <ThemeSwitch />
      </header>
      <main id="main">
        <ErrorBoundary what="This page" key={route.name === 'lesson' ? `lesson/${route.id}` : route.name}>
          <Suspense fallback={<p className="page-loading">Loading…</p>}>{page}</Suspense>
        </ErrorBoundary>
      </main>
    </>
  );
}
