// A step's ```focus block: when the slide opens in presenter mode, the experiment panel
// beside it scrolls to the view the text is about (zoomed for the projector, a panel is a
// column of views several screens long: the size table of primary-keys' fourth slide sat
// seven screens down). The lesson page leaves its panel to the reader: the knobs sit at its
// top, and a reader turning them keeps the panel where they put it.

import { useEffect, useRef, type RefObject } from 'react';
import type { FocusSpec, Step } from './types';

/** The step's focus, if it has one (the first). */
export function stepFocus(step: Step | undefined): FocusSpec | undefined {
  for (const b of step?.blocks ?? []) if (b.kind === 'focus') return b.focus;
  return undefined;
}

/** The CSS selector of a focus's view in PanelViews (`data-view`, a chart's `data-chart`, a counter's `data-counter` row). */
export function focusSelector(f: FocusSpec): string {
  // A quoted string as JSON writes it is a CSS string too (chart columns and counters are engine names).
  if (f.view === 'charts' && f.chart !== undefined) return `[data-chart=${JSON.stringify(f.chart)}]`;
  if (f.view === 'metrics' && f.counter !== undefined) return `[data-view="metrics"] [data-counter=${JSON.stringify(f.counter)}]`;
  return `[data-view="${f.view}"]`;
}

/** How long a slide's panel may take to show its views before the focus scroll gives up. */
export const FOCUS_WAIT_MS = 30_000;

/**
 * Scrolls `box` (the panel's scroll container) so the focused view starts just below the
 * sticky player bar, once per opened step (`step`), after the views have loaded. A panel
 * that does not scroll on its own (on a phone it sits below the text) is left alone, and so
 * is one that shows another experiment (the view is not there).
 */
export function usePanelFocus(box: RefObject<HTMLElement | null>, focus: FocusSpec | undefined, step: number, reducedMotion: boolean, layoutKey = ''): void {
  // The page opening on the step (a link) jumps there at once: a smooth scroll still under
  // way when the reader presses Play moved the panel under the pointer.
  const opened = useRef(false);
  useEffect(() => {
    const instant = reducedMotion || !opened.current;
    opened.current = true;
    const el = box.current;
    if (!focus || !el) return;
    let raf = 0;
    // Wait for the views (placeholders change height as they load) as long as a slide's
    // simulation takes to start: two 2M-row tables took ~3 s, and a 2 s limit left the
    // panel at its top on one cold load in three. A reader who scrolls the panel meanwhile
    // keeps it where they put it.
    const deadline = performance.now() + FOCUS_WAIT_MS;
    const startTop = el.scrollTop;
    const go = () => {
      raf = 0;
      const target = el.querySelector<HTMLElement>(focusSelector(focus));
      if (!target || el.querySelector('.view-placeholder')) {
        if (performance.now() < deadline && el.scrollTop === startTop) raf = requestAnimationFrame(go);
        return;
      }
      // A counter in a folded table (a narrow window) shows it first.
      const fold = target.closest('details:not([open])');
      if (fold) fold.setAttribute('open', '');
      if (getComputedStyle(el).overflowY === 'visible' || el.scrollHeight <= el.clientHeight) return;
      const bar = el.querySelector<HTMLElement>('.player-bar');
      const below = bar && getComputedStyle(bar).position === 'sticky' ? bar.getBoundingClientRect().height : 0;
      const top = target.getBoundingClientRect().top - el.getBoundingClientRect().top + el.scrollTop - below - 8;
      el.scrollTo({ top: Math.max(0, top), behavior: instant ? 'auto' : 'smooth' });
      // A counter's row is one of ~60: outlined, so the room finds it.
      if (focus.counter !== undefined) {
        marked = target;
        target.setAttribute('data-focused', '');
      }
    };
    let marked: HTMLElement | null = null;
    raf = requestAnimationFrame(go);
    return () => {
      if (raf) cancelAnimationFrame(raf);
      marked?.removeAttribute('data-focused');
    };
    // layoutKey: the theme; another one resizes every view, and the focused one slid under
    // the sticky player bar (T on a slide), so it scrolls there again.
  }, [box, focus, step, reducedMotion, layoutKey]);
}
