// Chromium for the bench: the system browser driven by playwright-core (never a
// Playwright download), the built site served by scripts/preview.mjs's static server, and a
// blank same-origin page (answered by the test harness, not part of the build) from
// which the real worker bundle of the site can be started.
import fs from 'node:fs';
import path from 'node:path';
import { CHROME_ARGS, ensureChromium } from '../lib/chromium.mjs';
import { startStaticServer } from '../preview.mjs';

export { CHROME_ARGS };

/** Path under the server of the blank page the worker bench runs in. */
export const BLANK_PAGE = '__bench_blank__.html';

/**
 * Serves `siteDir` and starts the browser. Resolves { browser, server, url, close() }
 * or { missing }. One browser for the whole bench; pages get fresh contexts.
 */
export async function openBrowser(siteDir) {
  if (!fs.existsSync(path.join(siteDir, 'index.html'))) return { missing: `${path.basename(siteDir)}/index.html not built` };
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    return { missing: 'playwright-core is not installed' };
  }
  const exe = await ensureChromium('bench');
  if (!exe) return { missing: 'no Chromium' };
  const server = await startStaticServer(siteDir, 0);
  let browser;
  try {
    browser = await chromium.launch({ executablePath: exe, args: CHROME_ARGS, timeout: 60_000 });
  } catch (e) {
    await server.close();
    return { missing: `Chromium did not start: ${String(e.message ?? e).split('\n')[0]}` };
  }
  return {
    browser,
    server,
    siteDir,
    url: server.url,
    version: browser.version(),
    close: async () => {
      await browser.close().catch(() => undefined);
      await server.close();
    },
  };
}

/** A fresh context + page (viewport like a laptop), with page errors collected. */
export async function newPage(session, { blank = false } = {}) {
  // No service worker: every figure is a first visit's, with nothing cached.
  const context = await session.browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e.message ?? e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  if (blank) {
    await page.route(`**/${BLANK_PAGE}`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><meta charset="utf-8"><title>bench</title>' }),
    );
    await page.goto(new URL(BLANK_PAGE, session.url).href);
  }
  return { context, page, errors, close: () => context.close().catch(() => undefined) };
}

/** The site's engine worker bundle (assets/worker-*.js) as named in the built JS. */
export function workerAsset(siteDir) {
  const assets = path.join(siteDir, 'assets');
  if (!fs.existsSync(assets)) return null;
  const re = /new Worker\(\s*new URL\(\s*(?:new URL\(\s*)?[`'"]([^`'"]+\.js)[`'"]/;
  for (const f of fs.readdirSync(assets).filter((n) => n.endsWith('.js'))) {
    const m = re.exec(fs.readFileSync(path.join(assets, f), 'utf8'));
    if (m) return `assets/${path.basename(m[1])}`;
  }
  return null;
}
