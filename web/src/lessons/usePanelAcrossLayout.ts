// A lesson page keeps the reader at the experiment panel when its layout changes between
// one column (the panel below every step) and two (the panel beside them): a tablet held
// upright at the panel, turned sideways and back, came back to the text 7,400 px above it.

import { useEffect, type RefObject } from 'react';

/** The page is one column at this width or less (app.css). */
export const ONE_COLUMN_QUERY = '(max-width: 60rem)';
/** Scrolls that follow a layout change are the browser's, not the reader's. */
const SETTLE_MS = 600;

export function usePanelAcrossLayout(panel: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = panel.current;
    if (!el || typeof matchMedia !== 'function') return;
    const mq = matchMedia(ONE_COLUMN_QUERY);
    // Whether the reader is at the panel: in one column, it fills the middle of the window;
    // in two, they last used it (a press or focus in it) rather than scrolled the text.
    let atPanel = false;
    let quietUntil = 0;
    const middle = () => {
      const r = el.getBoundingClientRect();
      return r.top <= innerHeight / 2 && r.bottom >= innerHeight / 2;
    };
    const onScroll = () => {
      if (performance.now() < quietUntil) return;
      atPanel = mq.matches ? middle() : false;
    };
    const onUse = () => {
      atPanel = true;
    };
    // A resize comes before the scrolls it causes, and those before the layout's change.
    const onResize = () => {
      quietUntil = performance.now() + SETTLE_MS;
    };
    const onLayout = () => {
      onResize();
      if (mq.matches && atPanel) requestAnimationFrame(() => el.scrollIntoView({ block: 'start' }));
    };
    if (mq.matches) atPanel = middle();
    addEventListener('scroll', onScroll, { passive: true });
    addEventListener('resize', onResize);
    el.addEventListener('pointerdown', onUse);
    el.addEventListener('focusin', onUse);
    mq.addEventListener('change', onLayout);
    return () => {
      removeEventListener('scroll', onScroll);
      removeEventListener('resize', onResize);
      el.removeEventListener('pointerdown', onUse);
      el.removeEventListener('focusin', onUse);
      mq.removeEventListener('change', onLayout);
    };
  }, [panel]);
}
