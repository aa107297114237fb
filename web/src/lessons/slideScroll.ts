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
  // Where a smooth scroll under way is going: presses in quick succession add up from
  // there (scrollBy from a position mid-way lost most of each press).
  const aim = useRef<{ top: number; timer: number } | null>(null);
  const scroll = useCallback(
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
  return { more, scroll };
}
