// Shows an engine error as text: each field path with its message; knob paths are
// named by the knob's label so the reader knows which control to change.

import type { EngineErrorData } from '../engine/errors';
import type { KnobSpec } from '../lessons/types';

const TITLES: Record<EngineErrorData['code'], string> = {
  config: 'The scenario has a problem',
  knob: 'A knob value was refused',
  state: 'The engine refused a command',
  panic: 'The engine hit a bug',
  crash: 'The engine stopped',
  unavailable: 'The engine is not available',
  protocol: 'Internal error',
};

export function EngineMessage({ error, knobs = [] }: { error: EngineErrorData; knobs?: KnobSpec[] }) {
  return (
    <div className="notice notice-error" role="alert">
      <strong>{TITLES[error.code]}</strong>
      <ul>
        {error.errors.map((e, i) => {
          const path = e.path.replace(/^[AB]:/, '');
          const knob = knobs.find((k) => k.path === path);
          return (
            <li key={i}>
              {e.path ? <code>{e.path}</code> : null}
              {knob ? <> (knob “{knob.label}”)</> : null}
              {e.path ? ': ' : ''}
              {e.message}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
