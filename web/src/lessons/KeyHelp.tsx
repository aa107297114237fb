// The keyboard shortcuts of a page, as a small modal dialog ("?": presenter mode, and an
// experiment panel's player bar).

import { useEffect, useRef } from 'react';

export const PRESENTER_KEYS: [string, string][] = [
  ['PgDn  →', 'next slide'],
  ['PgUp  ←', 'previous slide'],
  ['Home  End', 'first / last slide'],
  ['↓  ↑', 'scroll the slide text (a long step is taller than the screen); on a quiz choice, pick the next / previous one'],
  ['Shift+↓  Shift+↑', 'scroll the experiment panel beside it'],
  ['Space', 'play / pause the simulation (stops a long jump in time; replays a finished run)'],
  ['.  ,', 'step the simulation forward / back by what a quarter second of play covers at the chosen speed (on a lesson page ← and → do this; here the arrows change slides)'],
  ['+  −', 'faster / slower'],
  ['R', 'run the slide\'s sweep (again), on a slide that has one'],
  ['N', 'speaker notes in a second window (follows the slides)'],
  ['F', 'full screen'],
  ['T', 'theme: projector, dark, light'],
  ['?', 'show / hide this help'],
  ['Esc', 'close this help; in a knob or menu, give the keys back to the slides; else leave the slides for the lesson, at this slide'],
];

/** The keys of an experiment panel on a lesson page or the playground. */
export const PANEL_KEYS: [string, string][] = [
  ['Space', 'play / pause the simulation (stops a long jump in time; replays a finished run)'],
  ['→  .', 'step forward by what a quarter second of play covers at the chosen speed (at most 1 s of simulated time; less on a short run)'],
  ['←  ,', 'step back (to exactly the same numbers)'],
  ['+  −', 'faster / slower'],
  ['?  Esc', 'show / hide this help'],
];

/**
 * A modal dialog (showModal): Tab stays inside it, the page behind takes no keys, Esc
 * closes it, and focus goes back where it was (it fell to the page before).
 */
export function KeyHelp({ keys, onClose }: { keys: [string, string][]; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const back = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!d.open) d.showModal();
    // It opens at its heading (Close, focused, sits beside it).
    d.scrollTop = 0;
    const onCancel = (e: Event) => {
      e.preventDefault();
      close.current();
    };
    d.addEventListener('cancel', onCancel);
    return () => {
      d.removeEventListener('cancel', onCancel);
      if (d.open) d.close();
      back?.focus({ preventScroll: true });
    };
  }, []);
  return (
    <dialog className="key-help" aria-label="Keyboard shortcuts" ref={ref}>
      {/* Close beside the heading: at the foot, a projector's 720 px cut it off under the list. */}
      <div className="key-help-head">
        <h2>Keyboard shortcuts</h2>
        <button type="button" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
      <dl>
        {keys.map(([k, what]) => (
          <div key={k}>
            <dt>
              {k.split(/\s{2,}/).map((x) => (
                <kbd key={x}>{x}</kbd>
              ))}
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </dialog>
  );
}
