// Test-only hook for crash recovery: `window.__innodbLab.debugPanic()` makes the engine of
// the experiment panel on screen panic on purpose (Simulation.debug_panic), so end-to-end
// tests can check that the page says so, restarts the worker and replays.
//
// Why a function on window rather than a URL parameter: no link can trigger it (a shared
// or crafted address never crashes anyone's page), there is no control to hit by
// accident, and it is harmless: it only takes the path a real engine bug takes (new
// worker, replay to the last good time, same numbers), in the caller's own tab.

/** What the hook needs from an engine client. */
export interface DebugTarget {
  debugPanic(): Promise<void>;
}

/** The shape of `window.__innodbLab`. */
export interface DebugHook {
  /** Resolves with the panic message once the engine has been restarted and replayed. */
  debugPanic(): Promise<string>;
}

const targets: DebugTarget[] = []; // mounted panels, newest last

async function debugPanic(): Promise<string> {
  const target = targets.at(-1);
  if (!target) throw new Error('no experiment panel is running');
  try {
    await target.debugPanic();
    return '';
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** Makes `target` the one the hook panics (until the returned function is called). */
export function registerDebugTarget(target: DebugTarget): () => void {
  targets.push(target);
  if (typeof window !== 'undefined' && !('__innodbLab' in window)) {
    const hook: DebugHook = Object.freeze({ debugPanic });
    Object.defineProperty(window, '__innodbLab', { value: hook, configurable: true });
  }
  return () => {
    const i = targets.lastIndexOf(target);
    if (i >= 0) targets.splice(i, 1);
  };
}
