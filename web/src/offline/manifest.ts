// What the service worker (./sw.js) caches, and its source for one build. Pure functions:
// the `innodb-lab:offline-cache` plugin in web/vite.config.ts calls them when the build
// writes its files; the unit tests call them directly.

/** The service worker's file name, next to index.html. */
export const SERVICE_WORKER_FILE = 'sw.js';

/**
 * The files the service worker caches on install, relative to the site's folder, sorted:
 * index.html and every file of the build except source maps and the service worker
 * itself. Not the folder URL (`./`): the worker answers every page load it cannot fetch
 * with index.html, and a host that lists folders instead would fail the install.
 */
export function precacheFiles(buildFiles: readonly string[]): string[] {
  const files = new Set(['index.html']);
  for (const f of buildFiles) {
    if (f.endsWith('.map') || f === SERVICE_WORKER_FILE) continue;
    if (f.startsWith('/') || f.split('/').includes('..')) {
      throw new Error(`offline cache: build file “${f}” is not inside the site's folder`);
    }
    files.add(f);
  }
  return [...files].sort();
}

/**
 * The service worker for one build: the template (./sw.js) with its two placeholders
 * replaced, `SW_VERSION` by the build's version string and `SW_FILES` by the file list.
 * Throws if the template does not use each placeholder exactly once.
 */
export function serviceWorkerSource(template: string, version: string, files: readonly string[]): string {
  let out = template;
  for (const [name, value] of [
    ['SW_VERSION', JSON.stringify(version)],
    ['SW_FILES', JSON.stringify(files)],
  ] as const) {
    const uses = out.match(new RegExp(`= ${name};`, 'g'))?.length ?? 0;
    if (uses !== 1) throw new Error(`offline cache: the service worker template must assign ${name} once (found ${uses})`);
    out = out.replace(`= ${name};`, `= ${value};`);
  }
  return out;
}
