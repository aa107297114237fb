// Which step the reader is on: the last step section whose top has scrolled above a
// line 35% down the viewport. Also scrolls to a step on request. When the window gets
// wider or narrower, or a theme changes the type size (REFLOW_EVENT), the text reflows
// under a scroll position that stays put, so the reader would land in another step:
// instead the current step keeps its place (the same share of it above the line), and
// stays current.

import { useCallback, useEffect, useRef, useState } from 'react';
import { REFLOW_EVENT } from '../ui/reflow';

export function useCurrentStep(count: number, initial: number) {
  const [current, setCurrent] = useState(initial);
  const refs = useRef<(HTMLElement | null)[]>([]);
  const scrolling = useRef(false);

  const currentRef = useRef(initial);
  currentRef.current = current;

  useEffect(() => {
    let raf = 0;
    let width = window.innerWidth;
    // Where the reading line crosses the current step, as a share of its height (null
    // when the line is past the narrative's end).
    let anchor: number | null = null;
    // Reading the panel under the text (one column, past the narrative's end): the
    // panel's top in the viewport, kept through a width change as the step's line is.
    let panelTop: number | null = null;
    const line = () => window.innerHeight * 0.35;
    const panelBox = () => document.getElementById('experiment-panel')?.getBoundingClientRect();
    const note = (i: number) => {
      const r = refs.current[i]?.getBoundingClientRect();
      anchor = r && r.height > 0 ? Math.min(Math.max((line() - r.top) / r.height, 0), 0.999) : null;
      panelTop = null;
    };
    const measure = () => {
      raf = 0;
      if (scrolling.current) {
        note(currentRef.current);
        return;
      }
      // Past the end of the narrative: reading the panel below it (a phone), the reader is
      // still on the step they left, so keep it; with the panel beside the text (a desktop)
      // they read the summary after the last step (End left "Step 8 of 12" and step 8's
      // experiment loading under the Sources).
      const lastEl = refs.current[count - 1];
      const last = lastEl?.getBoundingClientRect();
      if (lastEl && last && last.bottom < line()) {
        anchor = null;
        // One column (the panel under the text) when the panel starts left of the text's right edge.
        const panel = panelBox();
        const besideText = panel !== undefined && panel.left >= last.right - 1;
        if (besideText) setCurrent(count - 1);
        panelTop = !besideText && panel ? panel.top : null;
        return;
      }
      let idx = 0;
      refs.current.forEach((el, i) => {
        if (el && el.getBoundingClientRect().top <= line()) idx = i;
      });
      // At the very bottom the last step is current even if short.
      if (lastEl && lastEl.getBoundingClientRect().bottom <= window.innerHeight + 4 && window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 4) idx = Math.max(idx, count - 1);
      setCurrent(idx);
      note(idx);
    };
    /** After a width change: scroll the current step back under the line; a reader of
     *  the panel under the text (a phone, a tablet upright) keeps the panel where it
     *  was, or with the panel now beside the text (the tablet turned), gets the current
     *  step's text beside it: either way the step, and so the panel's run, stays. */
    const reanchor = () => {
      raf = 0;
      const el = refs.current[currentRef.current];
      const panel = panelBox();
      if (anchor === null && panelTop !== null && el && panel) {
        const besideText = panel.left >= el.getBoundingClientRect().right - 1;
        if (!besideText) return window.scrollBy(0, panel.top - panelTop);
        // The step's heading at the top, as Next puts it (the scroll there measures nothing).
        scrolling.current = true;
        el.scrollIntoView({ block: 'start' });
        note(currentRef.current);
        window.setTimeout(() => (scrolling.current = false), 100);
        return;
      }
      if (anchor === null || !el) return measure();
      const r = el.getBoundingClientRect();
      window.scrollBy(0, r.top + anchor * r.height - line());
    };
    const onScroll = () => {
      if (!raf) raf = requestAnimationFrame(measure);
    };
    const onResize = () => {
      // A height-only change (a phone's address bar) moves nothing: measure as usual.
      const widthChanged = window.innerWidth !== width;
      width = window.innerWidth;
      if (raf) cancelAnimationFrame(raf);
      raf = requestAnimationFrame(widthChanged ? reanchor : measure);
    };
    /** The text reflows at the same width (another theme's type size): as a width change. */
    const onReflow = () => {
      if (raf) cancelAnimationFrame(raf);
      raf = requestAnimationFrame(reanchor);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onResize);
    window.addEventListener(REFLOW_EVENT, onReflow);
    // Where the opened step stands before the reader scrolls at all.
    raf = requestAnimationFrame(() => {
      raf = 0;
      note(currentRef.current);
    });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onResize);
      window.removeEventListener(REFLOW_EVENT, onReflow);
      if (raf) cancelAnimationFrame(raf);
    };
  }, [count]);

  // The step last gone to on purpose (Next, a link), as against one scrolled past.
  const jumpedTo = useRef<number | null>(initial);
  const goTo = useCallback((i: number, smooth = true) => {
    const el = refs.current[i];
    jumpedTo.current = i;
    currentRef.current = i;
    setCurrent(i);
    if (!el) return;
    scrolling.current = true;
    const reduce = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView({ behavior: smooth && !reduce ? 'smooth' : 'auto', block: 'start' });
    // The step is the one asked for until the scroll there has ended ('scrollend'; a
    // timeout where the browser has none, or nothing scrolled). A fixed 700 ms let a slow
    // machine's smooth scroll be measured half-way: Next → showed the step it left.
    let timer = 0;
    const done = () => {
      scrolling.current = false;
      window.removeEventListener('scrollend', arrived);
      window.clearTimeout(timer);
    };
    // Another scroll's end (one begun just before) is not this one's: only once the step
    // stands at the top.
    const arrived = () => {
      const top = el.getBoundingClientRect().top;
      if (top >= -2 && top < 120) done();
    };
    window.addEventListener('scrollend', arrived);
    timer = window.setTimeout(done, smooth && !reduce ? 2000 : 100);
  }, []);

  const setRef = useCallback((i: number) => (el: HTMLElement | null) => {
    refs.current[i] = el;
  }, []);

  return { current, goTo, setRef, jumpedTo };
}
