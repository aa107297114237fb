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
// - activate: take control of the pages already open (the first visit's tab works offline
//   from then on, not only after a reload), and delete the caches of older builds at this
//   scope except the one before this: a tab opened before an update still asks for that
//   build's files, which the server no longer has.
// - fetch: pages (navigations) go to the network first, so a new deploy shows up when
//   online, and fall back to the cached index.html (the site's own address; any other
//   gets a "no page here" with a link home); every other file of the site comes
//   from the caches first (asset names carry a content hash, so they never change).
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

/** The site's page: its scope's folder or index.html there (the routes are in the hash).
 *  Another path would get index.html with its ./assets/ resolved against the wrong
 *  folder: a page that never starts and blames a file:// opening. */
function isSitePage(url) {
  const path = new URL(url).pathname;
  const home = new URL(self.registration.scope).pathname;
  return path === home || path === `${home}index.html`;
}

/** Offline, an address in the scope that is not the site's page: what a server says. */
function notHere() {
  const home = self.registration.scope;
  const html =
    '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<link rel="icon" href="data:,"><title>Not found: InnoDB Lab</title><body style="font: 18px/1.5 system-ui, sans-serif; margin: 2rem; max-width: 40rem">' +
    '<h1>No page at this address</h1><p>This copy of InnoDB Lab works offline, but only at its own address. ' +
    `Its lessons are at <a href="${home}">${home}</a>.</p></body></html>`;
  return new Response(html, { status: 404, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

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
      // keys() lists caches in the order they were made: keep this build's and the last
      // one before it.
      .then((keys) => {
        const older = keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE);
        return Promise.all(older.slice(0, -1).map((k) => caches.delete(k)));
      })
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  if (req.mode === 'navigate') {
    event.respondWith(
      fetch(req).catch(() =>
        isSitePage(req.url)
          ? caches
              .open(CACHE)
              .then((cache) => cache.match(INDEX))
              .then((hit) => hit ?? Response.error())
          : notHere(),
      ),
    );
    return;
  }
  // This build's cache first, then the one kept from the build before (a file of an older
  // tab), then the network.
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(req))
      .then((hit) => hit ?? caches.match(req))
      .then((hit) => hit ?? fetch(req)),
  );
});
