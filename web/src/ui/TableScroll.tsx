// A table's horizontal scroller that says when columns are off to the side: on a phone a
// sweep table 600 px wide showed half its columns in a 366 px box with nothing to say the
// rest were there.

import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Which sides have hidden content, from the scroller's measures (pure). */
export function hiddenSides(scrollLeft: number, clientWidth: number, scrollWidth: number): { left: boolean; right: boolean } {
  return { left: scrollLeft > 1, right: scrollLeft + clientWidth < scrollWidth - 1 };
}

/** The words under a scroller with hidden columns ('' when nothing is hidden). */
export function scrollHintText(h: { left: boolean; right: boolean }): string {
  if (h.left && h.right) return '← more columns on both sides: scroll sideways →';
  if (h.right) return 'more columns: scroll sideways →';
  if (h.left) return '← more columns: scroll back';
  return '';
}

export function TableScroll({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [hint, setHint] = useState('');
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => setHint(scrollHintText(hiddenSides(el.scrollLeft, el.clientWidth, el.scrollWidth)));
    update();
    el.addEventListener('scroll', update, { passive: true });
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    ro?.observe(el);
    if (el.firstElementChild) ro?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', update);
      ro?.disconnect();
    };
  }, []);
  return (
    <>
      {/* Columns hidden to the side: the keyboard can reach the scroller and scroll it (WCAG's
          scrollable-region-focusable); otherwise it is not a stop of its own. */}
      <div ref={ref} className="table-scroll" tabIndex={hint ? 0 : undefined} role={hint ? 'region' : undefined} aria-label={hint ? 'Table, scrolls sideways' : undefined}>
        {children}
      </div>
      {hint ? (
        <p className="table-scroll-hint" aria-hidden="true">
          {hint}
        </p>
      ) : null}
    </>
  );
}
