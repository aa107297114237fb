// Which step the reader is on: the last step section whose top has scrolled above a
// line 35% down the viewport. Also scrolls to a step on request.

import { useCallback, useEffect, useRef, useState } from 'react';

export function useCurrentStep(count: number, initial: number) {
  const [current, setCurrent] = useState(initial);
  const refs = useRef<(HTMLElement | null)[]>([]);
  const scrolling = useRef(false);

  useEffect(() => {
    let raf = 0;
    const measure = () => {
      raf = 0;
      if (scrolling.current) return;
      const line = window.innerHeight * 0.35;
      // Past the end of the narrative (e.g. reading the panel below it on a phone): the
      // reader is still on the step they left, so keep it.
      const lastEl = refs.current[count - 1];
      if (lastEl && lastEl.getBoundingClientRect().bottom < line) return;
      let idx = 0;
      refs.current.forEach((el, i) => {
        if (el && el.getBoundingClientRect().top <= line) idx = i;
      });
      // At the very bottom the last step is current even if short.
      if (lastEl && lastEl.getBoundingClientRect().bottom <= window.innerHeight + 4 && window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 4) idx = Math.max(idx, count - 1);
      setCurrent(idx);
    };
    const onScroll = () => {
      if (!raf) raf = requestAnimationFrame(measure);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (raf) cancelAnimationFrame(raf);
    };
  }, [count]);

  const goTo = useCallback((i: number, smooth = true) => {
    const el = refs.current[i];
    setCurrent(i);
    if (!el) return;
    scrolling.current = true;
    const reduce = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView({ behavior: smooth && !reduce ? 'smooth' : 'auto', block: 'start' });
    window.setTimeout(() => (scrolling.current = false), smooth ? 700 : 50);
  }, []);

  const setRef = useCallback((i: number) => (el: HTMLElement | null) => {
    refs.current[i] = el;
  }, []);

  return { current, goTo, setRef };
}
