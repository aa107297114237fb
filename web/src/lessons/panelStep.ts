// Which step's experiment the panel shows. Beside the text (a wide window) it is the
// step being read. Below the text (a phone, one column), the reader passes every later
// step on the way down to the panel: following each one swapped the experiment under
// them (step 8's run became step 12's, reloading a million rows), and scrolling back up
// to a quiz threw the finished run away. There the panel takes a step the reader has
// stayed on for a moment while the panel was out of view, or one they went to (Next,
// a link), and keeps its experiment while they look at it.

import { useEffect, useState, type RefObject } from 'react';

/** How long the reader stays on a step before the panel below the text takes it. */
export const DWELL_MS = 1000;

/** Whether the panel sits below the text (one column) rather than beside it. */
function panelBelowText(): boolean {
  const panel = document.getElementById('experiment-panel');
  const text = document.querySelector('.lesson-narrative');
  if (!panel || !text) return false;
  return panel.getBoundingClientRect().top >= text.getBoundingClientRect().bottom - 1;
}

/** Whether any of the panel is on screen. */
function panelInView(): boolean {
  const panel = document.getElementById('experiment-panel');
  return !!panel && panel.getBoundingClientRect().top < window.innerHeight;
}

/**
 * The step whose experiment the panel shows, given the step being read (`current`) and
 * the step last gone to on purpose (`jumpedTo`, set by the step navigation).
 */
export function usePanelStep(current: number, jumpedTo: RefObject<number | null>): number {
  const [step, setStep] = useState(current);
  useEffect(() => {
    if (current === step) return;
    if (jumpedTo.current === current || !panelBelowText()) {
      setStep(current);
      return;
    }
    const timer = window.setTimeout(() => {
      if (!panelInView()) setStep(current);
    }, DWELL_MS);
    return () => window.clearTimeout(timer);
  }, [current, step, jumpedTo]);
  return step;
}
