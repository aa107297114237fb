// The header's sign that the browser is offline, on every page with the site's header
// (the home page's line says whether a copy is saved; a reader deep in a lesson saw
// nothing when the network went, and could not tell whether the next page would load).

import { useSyncExternalStore } from 'react';
import { useOfflineStatus, type OfflineStatus } from './register';

function subscribe(l: () => void): () => void {
  window.addEventListener('online', l);
  window.addEventListener('offline', l);
  return () => {
    window.removeEventListener('online', l);
    window.removeEventListener('offline', l);
  };
}

/** navigator.onLine, re-rendering when it changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * What the sign says: nothing online; offline, whether the pages not yet opened can
 * still load (a saved copy has every page, lesson and the engine; without one only what
 * this tab has already downloaded runs). `[short, full]`: the badge and its explanation.
 */
export function offlineSign(online: boolean, status: OfflineStatus): [string, string] | null {
  if (online) return null;
  return status === 'ready'
    ? ['Offline · saved copy', 'No network: every page runs from the copy saved in this browser.']
    : ['Offline', 'No network, and no copy of the site saved in this browser: pages not opened yet will not load.'];
}

export function OfflineBadge() {
  const sign = offlineSign(useOnline(), useOfflineStatus());
  // The live region stays in the page, so coming back online is announced too.
  return (
    <span role="status" className="offline-badge-slot">
      {sign && (
        <span className="badge offline-badge" title={sign[1]}>
          {sign[0]}
          <span className="visually-hidden">: {sign[1]}</span>
        </span>
      )}
    </span>
  );
}
