// Shows an engine error as text: each field path with its message; knob paths are
// named by the knob's label so the reader knows which control to change. Also the
// notice after an automatic restart (engine bug -> new worker -> replay).

import type { RestartInfo } from '../engine/client';
import type { EngineErrorData } from '../engine/errors';
import { formatSimTime } from '../player/speed';
import type { KnobSpec } from '../lessons/types';

const TITLES: Record<EngineErrorData['code'], string> = {
  config: 'The scenario has a problem',
  knob: 'A knob value was refused',
  state: 'The engine refused a command',
  panic: 'The engine hit a bug',
  crash: 'The engine stopped',
  unavailable: 'The engine is not available',
  protocol: 'Internal error',
  stale: 'A command for replaced simulations was dropped',
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

/**
 * After an engine bug: says what happened (with the engine's own panic message), that a
 * new engine replayed to the same virtual time, and that the reader can carry on.
 */
export function RestartMessage({ info, onDismiss }: { info: RestartInfo; onDismiss: () => void }) {
  const what = info.error.errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('\n');
  return (
    <div className="notice notice-warn engine-restart" role="alert">
      <strong>{info.error.code === 'crash' ? 'The engine stopped unexpectedly.' : 'The engine hit a bug (a panic in the simulation).'}</strong>
      {what ? <pre className="engine-panic-message">{what}</pre> : null}
      <p>
        A new engine was started and replayed the same run to t = <output>{formatSimTime(info.timeNs)}</output>. Same seed, same
        numbers: you can keep going.{' '}
        <button type="button" className="linklike" onClick={onDismiss}>
          Dismiss
        </button>
      </p>
    </div>
  );
}
