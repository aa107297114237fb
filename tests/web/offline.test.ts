// The offline cache's build side: which files the service worker caches, and the worker
// source the build writes. (That the built site then works with no network is the
// offline test in tests/e2e/classroom.e2e.test.ts.)
import fs from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { precacheFiles, SERVICE_WORKER_FILE, serviceWorkerSource } from '../../web/src/offline/manifest';
import { offlineSign } from '../../web/src/offline/OfflineBadge';

const TEMPLATE = fs.readFileSync(new URL('../../web/src/offline/sw.js', import.meta.url), 'utf8');

describe('precacheFiles', () => {
  it('lists index.html and every build file, sorted, without maps or the worker itself', () => {
    expect(
      precacheFiles(['assets/b-2.js', 'index.html', 'assets/a-1.wasm', 'assets/b-2.js.map', SERVICE_WORKER_FILE, 'assets/c.css']),
    ).toEqual(['assets/a-1.wasm', 'assets/b-2.js', 'assets/c.css', 'index.html']);
  });

  it('adds index.html even when the build list lacks it', () => {
    expect(precacheFiles([])).toEqual(['index.html']);
  });

  it('refuses a file outside the site folder, naming it', () => {
    expect(() => precacheFiles(['../secret.txt'])).toThrow(/“\.\.\/secret\.txt” is not inside/);
    expect(() => precacheFiles(['/etc/passwd'])).toThrow(/“\/etc\/passwd”/);
  });
});

/** Runs a worker source in a fake service-worker global; returns its listeners and cache names. */
function load(source: string, scope = 'https://example.test/lab/') {
  const listeners: Record<string, (e: unknown) => void> = {};
  const self = {
    registration: { scope },
    location: new URL('sw.js', scope),
    addEventListener: (type: string, fn: (e: unknown) => void) => (listeners[type] = fn),
    skipWaiting: () => Promise.resolve(),
    clients: { claim: async () => void (claimed.n += 1) },
  };
  const claimed = { n: 0 };
  const opened: string[] = [];
  const added: string[][] = [];
  // What the cache holds, by URL: index.html and one asset.
  const stored = new Map([
    [new URL('index.html', scope).href, 'cached index'],
    [new URL('assets/a.js', scope).href, 'cached asset'],
  ]);
  const deleted: string[] = [];
  const caches = {
    open: async (name: string) => {
      opened.push(name);
      return {
        addAll: async (reqs: Request[]) => void added.push(reqs.map((r) => r.url)),
        match: async (req: Request | string) => {
          const body = stored.get(typeof req === 'string' ? req : req.url);
          return body === undefined ? undefined : new Response(body);
        },
      };
    },
    // Oldest first, as CacheStorage lists them.
    keys: async () => [
      'innodb-lab https://example.test/lab/ older',
      'innodb-lab https://example.test/other/ old',
      'innodb-lab https://example.test/lab/ old',
      'someone-else',
      'innodb-lab https://example.test/lab/ v123',
    ],
    delete: async (name: string) => void deleted.push(name),
    // Every cache: here, a file only the build before had.
    match: async (req: Request | string) => {
      const url = typeof req === 'string' ? req : req.url;
      return url === new URL('assets/old.js', scope).href ? new Response('file of the build before') : undefined;
    },
  };
  vm.runInNewContext(source, { self, caches, Request, URL, Response, fetch: () => Promise.reject(new Error('offline')) });
  return { listeners, opened, added, deleted, claimed };
}

/** The response the worker gives to a request, or undefined when it leaves it alone. */
async function respond(sw: ReturnType<typeof load>, url: string, init: { method?: string; navigate?: boolean } = {}) {
  let answer: Promise<Response> | undefined;
  sw.listeners.fetch({
    request: { url, method: init.method ?? 'GET', mode: init.navigate ? 'navigate' : 'cors' },
    respondWith: (r: Promise<Response>) => (answer = r),
  });
  return answer && (await (await answer).text());
}

async function fire(listener: (e: unknown) => void) {
  let done: Promise<unknown> = Promise.resolve();
  listener({ waitUntil: (p: Promise<unknown>) => (done = p) });
  await done;
}

describe('serviceWorkerSource', () => {
  const source = serviceWorkerSource(TEMPLATE, 'v123', ['assets/a.js', 'index.html']);

  it('fills in the version and the file list', () => {
    expect(source).toContain('const VERSION = "v123";');
    expect(source).toContain('const FILES = ["assets/a.js","index.html"];');
    expect(source).not.toMatch(/= SW_(VERSION|FILES);/);
  });

  it('caches every listed file, resolved against the scope, on install', async () => {
    const sw = load(source);
    await fire(sw.listeners.install);
    expect(sw.opened).toEqual(['innodb-lab https://example.test/lab/ v123']);
    expect(sw.added).toEqual([
      ['https://example.test/lab/assets/a.js', 'https://example.test/lab/index.html'],
    ]);
  });

  it('on activate deletes older caches of its own scope but the last one, and takes over the open pages', async () => {
    const sw = load(source);
    await fire(sw.listeners.activate);
    // The build before stays for tabs opened before the update (their files are gone from the server).
    expect(sw.deleted).toEqual(['innodb-lab https://example.test/lab/ older']);
    // The first visit's tab works offline without a reload.
    expect(sw.claimed.n).toBe(1);
  });

  it("answers a file of the build before from its cache (an open tab's chunk after an update)", async () => {
    const sw = load(source);
    expect(await respond(sw, 'https://example.test/lab/assets/old.js')).toBe('file of the build before');
  });

  it('with no network, answers a page load with the cached index.html and a file from the cache', async () => {
    const sw = load(source);
    expect(await respond(sw, 'https://example.test/lab/?seed=3', { navigate: true })).toBe('cached index');
    expect(await respond(sw, 'https://example.test/lab/assets/a.js')).toBe('cached asset');
  });

  it('leaves other origins and non-GET requests to the browser', async () => {
    const sw = load(source);
    expect(await respond(sw, 'https://elsewhere.test/x.js')).toBeUndefined();
    expect(await respond(sw, 'https://example.test/lab/assets/a.js', { method: 'POST' })).toBeUndefined();
  });

  it('refuses a template that does not assign each placeholder once', () => {
    expect(() => serviceWorkerSource('const VERSION = SW_VERSION;', 'v', [])).toThrow(/assign SW_FILES once \(found 0\)/);
    expect(() => serviceWorkerSource(`${TEMPLATE}\nconst X = SW_VERSION;`, 'v', [])).toThrow(/assign SW_VERSION once \(found 2\)/);
  });
});

describe('offlineSign', () => {
  it('says nothing online; offline, whether pages not yet opened can load', () => {
    expect(offlineSign(true, 'ready')).toBeNull();
    expect(offlineSign(true, 'off')).toBeNull();
    expect(offlineSign(false, 'ready')).toEqual(['Offline · saved copy', 'No network: every page runs from the copy saved in this browser.']);
    // still saving, or no cache here: only what the tab has downloaded runs
    for (const s of ['saving', 'off'] as const)
      expect(offlineSign(false, s)).toEqual(['Offline', 'No network, and no copy of the site saved in this browser: pages not opened yet will not load.']);
  });
});
