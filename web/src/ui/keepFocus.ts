// Keeps the keyboard's focus in a group of buttons when the focused one is disabled.

import { useEffect, useRef, type RefObject } from 'react';

/**
 * A button of a group (a toolbar, the step navigation) that is disabled while it has the
 * keyboard's focus (Step back reaching t = 0, Play when the run completes, Next → on the
 * last step) drops the focus to the page: it goes to the nearest enabled button of the
 * group instead, the next one on a tie. Runs after every render of the caller.
 */
export function useKeepFocus(bar: RefObject<HTMLElement | null>) {
  const last = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const onFocus = (e: FocusEvent) => {
      last.current = e.target instanceof HTMLButtonElement ? e.target : null;
    };
    // Focus the reader moved away (elsewhere, or nowhere) is theirs: forget the button.
    // A button losing focus because it was disabled is the case handled below.
    const onBlur = (e: FocusEvent) => {
      const to = e.relatedTarget;
      if (to instanceof Node && el.contains(to)) return;
      if (!(e.target instanceof HTMLButtonElement && e.target.disabled)) last.current = null;
    };
    el.addEventListener('focusin', onFocus);
    el.addEventListener('focusout', onBlur);
    return () => {
      el.removeEventListener('focusin', onFocus);
      el.removeEventListener('focusout', onBlur);
    };
  }, [bar]);
  useEffect(() => {
    const b = last.current;
    const el = bar.current;
    // Chrome may still report the disabled button as focused until its next rendering step.
    const a = document.activeElement;
    if (!b || !el || !b.disabled || (a && a !== document.body && a !== b)) return;
    const buttons = [...el.querySelectorAll('button')];
    const i = buttons.indexOf(b);
    const near = buttons
      .map((x, j) => ({ x, d: Math.abs(j - i) - (j > i ? 0.5 : 0) }))
      .filter(({ x }) => !x.disabled)
      .sort((p, q) => p.d - q.d)[0];
    near?.x.focus();
  });
}
