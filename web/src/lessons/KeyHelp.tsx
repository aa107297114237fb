// The keyboard shortcuts of a page, as a small dialog (presenter mode: "?").

import { useEffect, useRef } from 'react';

export const PRESENTER_KEYS: [string, string][] = [
  ['PgDn  →', 'next slide'],
  ['PgUp  ←', 'previous slide'],
  ['Home  End', 'first / last slide'],
  ['Space', 'play / pause the simulation'],
  ['.  ,', 'step the simulation forward / back (on a lesson page ← and → do this; here the arrows change slides)'],
  ['+  −', 'faster / slower'],
  ['N', 'speaker notes in a second window (follows the slides)'],
  ['F', 'full screen'],
  ['T', 'theme: projector, dark, light'],
  ['?  Esc', 'show / hide this help'],
];

export function KeyHelp({ keys, onClose }: { keys: [string, string][]; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="key-help" role="dialog" aria-label="Keyboard shortcuts" tabIndex={-1} ref={ref}>
      <h2>Keyboard shortcuts</h2>
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
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
