// Registers the offline cache (the service worker ./sw.js, written by the production
// build) and tells the page how far it got, for the home page's one-line status.
//
// Not in `npm start`'s dev server: there files change on every edit, and a cache that
// serves yesterday's module would only confuse. Service workers need a secure context
// (https, or http on localhost); elsewhere, and where a browser refuses them (some
// private windows), the site works as before, online.

import { useSyncExternalStore } from 'react';
import { SERVICE_WORKER_FILE } from './manifest';

/**
 * - `off`: no offline cache here (dev server, insecure origin, refused by the browser);
 * - `saving`: the files of this version are being downloaded into the cache;
 * - `ready`: every file of a version is cached, so the site works with no network.
 */
export type OfflineStatus = 'off' | 'saving' | 'ready';

let status: OfflineStatus = 'off';
const listeners = new Set<() => void>();

function set(next: OfflineStatus) {
  if (next === status) return;
  status = next;
  for (const l of listeners) l();
}

export function offlineStatus(): OfflineStatus {
  return status;
}

/** The current status; re-renders when it changes. */
export function useOfflineStatus(): OfflineStatus {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    offlineStatus,
    offlineStatus,
  );
}

/**
 * Registers the service worker once the page has loaded (its downloads then do not
 * compete with the page's own). Never throws and never logs an error: without it the
 * site still works online.
 */
export function registerOfflineCache(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const start = () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_FILE)
      .then((reg) => {
        // An installing worker means this version's files are being cached now; ready
        // resolves once a worker (this version's or an earlier one's) is active, which
        // it only becomes after caching every file.
        if (reg.installing || !reg.active) set('saving');
        reg.installing?.addEventListener('statechange', (e) => {
          if ((e.target as ServiceWorker).state === 'redundant' && !reg.active) set('off');
        });
        return navigator.serviceWorker.ready;
      })
      .then(() => set('ready'))
      .catch((e: unknown) => {
        set('off');
        console.info('Offline cache not available:', e instanceof Error ? e.message : e);
      });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
