// The site's service worker: after one visit, every page, lesson and the engine work
// with no network (a classroom with flaky wifi, a laptop on a train).
//
// Built by the `innodb-lab:offline-cache` plugin in web/vite.config.ts: it replaces
// SW_VERSION and SW_FILES below with the build's hash and the list of every file it
// wrote, and writes the result next to index.html as `sw.js`. Registered by
// web/src/offline/register.ts in the production build only.
//
// - install: fetch every file of this build into one cache (`cache: 'reload'`, so not
//   from the HTTP cache); if any file fails, the install fails and the old version
//   stays in charge.
// - activate: delete the caches of older builds at this scope.
// - fetch: pages (navigations) go to the network first, so a new deploy shows up when
//   online, and fall back to the cached index.html; every other file of the site comes
//   from the cache first (asset names carry a content hash, so they never change).
//   Other origins and non-GET requests are not touched (the site makes none).
//
// Plain JavaScript: the file is copied as is, not bundled.

/* global SW_VERSION, SW_FILES */
const VERSION = SW_VERSION;
const FILES = SW_FILES;

// One cache per deployment scope and build: two copies of the site under different
// paths of one origin share the Cache Storage but not each other's files.
const PREFIX = `innodb-lab ${self.registration.scope} `;
const CACHE = PREFIX + VERSION;
const INDEX = new URL('index.html', self.registration.scope).href;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES.map((f) => new Request(new URL(f, self.registration.scope), { cache: 'reload' }))))
      // The new build takes over at the next page load, not after every tab is closed.
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k)))),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  if (req.mode === 'navigate') {
    event.respondWith(
      fetch(req).catch(() =>
        caches
          .open(CACHE)
          .then((cache) => cache.match(INDEX))
          .then((hit) => hit ?? Response.error()),
      ),
    );
    return;
  }
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(req))
      .then((hit) => hit ?? fetch(req)),
  );
});
