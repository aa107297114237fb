// A step's ```focus block: when the slide opens in presenter mode, the experiment panel
// beside it scrolls to the view the text is about (zoomed for the projector, a panel is a
// column of views several screens long: the size table of primary-keys' fourth slide sat
// seven screens down). The lesson page leaves its panel to the reader (the knobs sit at its
// top, and a reader turning them keeps the panel where they put it); the step's text has a
// button that scrolls there when the reader asks ("Scroll the panel to …").

import { useEffect, useRef, type RefObject } from 'react';
import type { FocusSpec, Step } from './types';
import { ALIGN_EVERY_MS, alignmentsPending } from '../ui/alignAcross';

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
 * that does not scroll on its own (on a phone it sits below the text) is left alone unless
 * `page` (then the page scrolls), and so is one that shows another experiment (the view is
 * not there).
 */
export function usePanelFocus(box: RefObject<HTMLElement | null>, focus: FocusSpec | undefined, step: number, reducedMotion: boolean, page = false): void {
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
    const reader = readerScrolls(el);
    // Once the views are in, A/B rows above the view may still line up (a trailing
    // alignment, alignAcross.ts): wait for it, a little, or the view lands 60 px off.
    let settleBy = Infinity;
    const go = () => {
      raf = 0;
      const target = el.querySelector<HTMLElement>(focusSelector(focus));
      const loading = !target || el.querySelector('.view-placeholder') !== null;
      if (!loading && settleBy === Infinity) settleBy = performance.now() + 2 * ALIGN_EVERY_MS;
      if (loading || (alignmentsPending() && performance.now() < settleBy)) {
        if (performance.now() < deadline && !reader.moved) raf = requestAnimationFrame(go);
        return;
      }
      if (!target) return;
      // A counter in a folded table (a narrow window) shows it first.
      const fold = target.closest('details:not([open])');
      if (fold) fold.setAttribute('open', '');
      if (!scrollToView(el, target, !instant, page)) return;
      unpin = pinView(el, target, reader);
      // A counter's row is one of ~60: outlined, so the room finds it.
      if (focus.counter !== undefined) {
        marked = target;
        target.setAttribute('data-focused', '');
      }
    };
    let marked: HTMLElement | null = null;
    let unpin = () => {};
    raf = requestAnimationFrame(go);
    return () => {
      if (raf) cancelAnimationFrame(raf);
      unpin();
      reader.stop();
      marked?.removeAttribute('data-focused');
    };
    // Another theme (T on a slide) resizes every view: the pin (pinView) keeps the view
    // under the bar, and a panel the reader has scrolled stays theirs.
  }, [box, focus, step, reducedMotion, page]);
}

/**
 * Keeps `target` where the focus scroll puts it, 8 px under the sticky player bar, while
 * the views above it grow or shrink (a run fills their charts and legends: the size table
 * of primary-keys' fourth slide slid 21 px down under a strip of the chart before it) and
 * while the bar itself changes height ("run complete", a narrower window). From the first
 * scroll on, a smooth one too (views that grew during it left the view 30 px low), until
 * the reader scrolls (`reader`) or takes focus into the panel. Only in a panel that
 * scrolls on its own. Returns the function that stops it.
 */
export function pinView(box: HTMLElement, target: HTMLElement, reader: { readonly moved: boolean }): () => void {
  if (getComputedStyle(box).overflowY === 'visible' || typeof ResizeObserver === 'undefined') return () => {};
  const bar = box.querySelector<HTMLElement>('.player-bar');
  const sticky = bar !== null && getComputedStyle(bar).position === 'sticky';
  // Where its top belongs, as scrollToView places it.
  const spot = () => (sticky ? bar.getBoundingClientRect().bottom : box.getBoundingClientRect().top + (parseFloat(getComputedStyle(box).paddingTop) || 0)) + 8;
  // Focus taken into the panel, other than by the player bar (Tab to a knob, which the
  // browser scrolled to), is the reader's too.
  let away = false;
  const focused = (e: FocusEvent) => {
    if (e.target instanceof Element && e.target !== box && !e.target.closest('.player-bar')) away = true;
  };
  box.addEventListener('focusin', focused);
  // The observer's first report is of the sizes it found, not a change: a smooth scroll
  // under way is left to end where it goes.
  let first = true;
  const keep = () => {
    if (first) {
      first = false;
      return;
    }
    if (away || reader.moved || !target.isConnected) return;
    const drift = target.getBoundingClientRect().top - spot();
    if (Math.abs(drift) >= 1) box.scrollTop += drift;
  };
  // What can move it: the boxes it sits in, everything before it in each of them, and the bar.
  const seen = new ResizeObserver(keep);
  for (let n: Element | null = target; n && n !== box; n = n.parentElement) {
    seen.observe(n);
    for (let sib = n.previousElementSibling; sib; sib = sib.previousElementSibling) seen.observe(sib);
  }
  if (bar) seen.observe(bar);
  return () => {
    box.removeEventListener('focusin', focused);
    seen.disconnect();
  };
}

/** Keys that scroll a focused scroll box. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

/**
 * Whether the reader has scrolled `box` since the call: a wheel or a touch on it, a press
 * on its scroll bar, a scroll key in it (not in one of its controls), or Shift+↑/↓
 * anywhere (presenter mode's panel keys). Not a change of its scrollTop: a panel that held the previous slide's views far
 * down is clamped as the next slide's shorter placeholders replace them, and that read as
 * the reader's scroll, so the slide never went to its view (QA at 1024×768). `stop`
 * removes the listeners.
 */
export function readerScrolls(box: HTMLElement): { readonly moved: boolean; stop: () => void } {
  const state = { moved: false, stop: () => {} };
  const mark = () => {
    state.moved = true;
  };
  // Keys in a control (arrows on the scrubber, Space on Play) work it, not the scroll; a
  // button takes Space and Enter only, and the browser scrolls the panel for ↓ on Play.
  const key = (e: KeyboardEvent) => {
    const t = e.target;
    const inBox = t instanceof Element && box.contains(t);
    const scrolls = inBox && !t.closest('input, select, textarea, [contenteditable]') && !(t.closest('button, summary') && e.key === ' ');
    if ((scrolls && SCROLL_KEYS.has(e.key)) || (e.shiftKey && (e.key === 'ArrowDown' || e.key === 'ArrowUp'))) mark();
  };
  // A press on the box itself, not on a view or control in it: its scroll bar.
  const press = (e: PointerEvent) => {
    if (e.target === box) mark();
  };
  box.addEventListener('wheel', mark, { passive: true });
  box.addEventListener('touchstart', mark, { passive: true });
  box.addEventListener('pointerdown', press);
  window.addEventListener('keydown', key, true);
  state.stop = () => {
    box.removeEventListener('wheel', mark);
    box.removeEventListener('touchstart', mark);
    box.removeEventListener('pointerdown', press);
    window.removeEventListener('keydown', key, true);
  };
  return state;
}

/**
 * Scrolls `target` (a view in the panel `box`) to just below the panel's sticky player
 * bar: inside the panel when it scrolls on its own (beside the text), else, with `page`,
 * the page (a phone, where the panel sits below the text and the bar sticks to the
 * screen). False when nothing scrolled.
 */
export function scrollToView(box: HTMLElement, target: HTMLElement, smooth: boolean, page: boolean): boolean {
  const bar = box.querySelector<HTMLElement>('.player-bar');
  const sticky = bar !== null && getComputedStyle(bar).position === 'sticky';
  const behavior = smooth ? 'smooth' : 'auto';
  // What the bar covers, from the top of where it sticks (its `top` may leave a gap).
  const over = sticky ? (parseFloat(getComputedStyle(bar).top) || 0) + bar.getBoundingClientRect().height : 0;
  if (getComputedStyle(box).overflowY !== 'visible' && box.scrollHeight > box.clientHeight) {
    // Stuck, the bar sits inside the panel's padding (the lesson page's 16 px hid a heading under it).
    const pad = sticky ? parseFloat(getComputedStyle(box).paddingTop) || 0 : 0;
    const top = target.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop - pad - over - 8;
    box.scrollTo({ top: Math.max(0, top), behavior });
    return true;
  }
  if (!page) return false;
  // At once: a smooth scroll down through the rest of the lesson made each step it passed
  // the current one, and the last step's experiment took the panel.
  window.scrollTo({ top: Math.max(0, window.scrollY + target.getBoundingClientRect().top - over - 8), behavior: 'auto' });
  return true;
}
