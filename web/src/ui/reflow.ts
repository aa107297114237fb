// An event for "the text is about to reflow although the window kept its size" (a theme
// with another type size): the lesson keeps the reader's current step in place, as it
// does when the window's width changes (lessons/useCurrentStep.ts).

export const REFLOW_EVENT = 'innodb-lab:reflow';

export function announceReflow(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(REFLOW_EVENT));
}
