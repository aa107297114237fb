// The slide text's own scrolling in presenter mode: a long step is taller than a
// projector's screen (a quiz and its choices, 1,300 px at 1280×720), and the arrows
// and PgDn change slides. ↓ and ↑ scroll the text; a cue says there is more below.

import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Whether a scroller has more below what it shows (2 px of slack for rounding). */
export function hasMoreBelow(el: { scrollTop: number; clientHeight: number; scrollHeight: number }): boolean {
  return el.scrollTop + el.clientHeight < el.scrollHeight - 2;
}

/** How far one ↓ or ↑ scrolls the text: most of what it shows, keeping a few lines in view. */
export function slideScrollStep(clientHeight: number): number {
  return Math.max(40, Math.round(clientHeight * 0.6));
}

/**
 * Smallest share of the slide type that a long slide's text shrinks to so more of it
 * fits, as a slide program shrinks text on overflow; below it the text scrolls. At
 * 1920×1080 the type goes from 26 px to no less than 22 px, still read from the back of
 * a room. (41 of the 75 slides ran past the screen, a third of them by under 30%.)
 */
export const MIN_FIT = 0.85;

/**
 * The type scale at which text `scrollHeight` tall at full size fits `clientHeight`: a
 * text's height grows about as the square of its type size (longer lines, and taller),
 * rounded down to 1%, floored at MIN_FIT; 1 when it fits already.
 */
export function fitScale(scrollHeight: number, clientHeight: number): number {
  if (scrollHeight <= clientHeight + 2) return 1;
  return Math.max(MIN_FIT, Math.floor(Math.sqrt(clientHeight / scrollHeight) * 100) / 100);
}

/**
 * Shrinks the slide text `ref` of slide `step` toward MIN_FIT while it is taller than its
 * box: on each slide, and when its box changes size. The estimate first, then down by
 * 2% while it still overflows (a wrapped line can keep it a few px over).
 */
export function useSlideFit(ref: RefObject<HTMLElement | null>, step: number) {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fit = () => {
      el.style.fontSize = '';
      let scale = fitScale(el.scrollHeight, el.clientHeight);
      el.style.fontSize = scale < 1 ? `${scale}em` : '';
      while (scale > MIN_FIT && el.scrollHeight > el.clientHeight + 2) {
        scale = Math.max(MIN_FIT, Math.round((scale - 0.02) * 100) / 100);
        el.style.fontSize = `${scale}em`;
      }
    };
    fit();
    void document.fonts?.ready.then(fit);
    // Its box, not its content: the text's own size never changes the box (a grid cell),
    // and the box settles after the first frame (the bar and the panel laid out).
    let size = `${el.clientWidth}x${el.clientHeight}`;
    const ro =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            const now = `${el.clientWidth}x${el.clientHeight}`;
            if (now !== size) {
              size = now;
              fit();
            }
          })
        : null;
    ro?.observe(el);
    return () => ro?.disconnect();
  }, [ref, step]);
}

/**
 * For the slide text `ref` on slide `step`: back at its top when the slide changes,
 * `more` while text lies below what it shows, and `scroll(dir)` for the ↓/↑ keys.
 */
export function useSlideScroll(ref: RefObject<HTMLElement | null>, step: number, reducedMotion: boolean) {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.scrollTop = 0;
    const check = () => setMore(hasMoreBelow(el));
    check();
    // Text settles after the first frame (fonts, a quiz's saved state): measure on size changes too.
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(check) : null;
    ro?.observe(el);
    for (const c of Array.from(el.children)) ro?.observe(c);
    el.addEventListener('scroll', check, { passive: true });
    return () => {
      ro?.disconnect();
      el.removeEventListener('scroll', check);
    };
  }, [ref, step]);
  return { more, scroll: useScrollKeys(ref, reducedMotion) };
}

/**
 * `scroll(dir)` for keys that scroll `ref` by most of what it shows: the slide text's
 * ↓/↑, and Shift+↓/↑ for the presenter's panel (a column of views several screens long
 * that only a mouse could scroll).
 */
export function useScrollKeys(ref: RefObject<HTMLElement | null>, reducedMotion: boolean) {
  // Where a smooth scroll under way is going: presses in quick succession add up from
  // there (scrollBy from a position mid-way lost most of each press).
  const aim = useRef<{ top: number; timer: number } | null>(null);
  return useCallback(
    (dir: 1 | -1) => {
      const el = ref.current;
      if (!el) return;
      const from = aim.current?.top ?? el.scrollTop;
      const top = Math.max(0, Math.min(el.scrollHeight - el.clientHeight, from + dir * slideScrollStep(el.clientHeight)));
      if (aim.current) window.clearTimeout(aim.current.timer);
      aim.current = { top, timer: window.setTimeout(() => (aim.current = null), 700) };
      el.scrollTo({ top, behavior: reducedMotion ? 'auto' : 'smooth' });
    },
    [ref, reducedMotion],
  );
}
