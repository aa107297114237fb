// E2E harness on playwright-core + a system Chromium (no Playwright browser download).
//
//   import { test, expect, openPage, screenshot } from './harness';
//   test('home', async () => {
//     const { page, errors } = await openPage('/');      // relative to the served web/dist
//     await expect(page.getByRole('heading').first().isVisible()).resolves.toBe(true);
//     await screenshot('home');                           // -> test-results/home.png
//   });
//
// Every page opened in a test collects `errors`: console errors (page and its workers),
// uncaught exceptions, failed requests, HTTP >= 400 responses, crashes, Content-Security-
// Policy violations, dialogs (alert/confirm/prompt), and any request to another origin
// (which is also blocked: the site must work offline). After each test
// (tests/e2e/setup.ts) a page with errors fails the test unless they match `allowErrors`,
// failing tests get screenshots in test-results/, and pages are closed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROME_ARGS } from '../../scripts/lib/chromium.mjs';

export { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const RESULTS_DIR = path.join(ROOT, 'test-results');

export { CHROME_ARGS };

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Everything that went wrong on this page so far (grows while the page lives). */
  errors: string[];
  /** Errors matching these are not fatal in the after-each check. */
  allowErrors: RegExp[];
}

export interface OpenOptions {
  allowErrors?: RegExp[];
  waitUntil?: 'load' | 'domcontentloaded' | 'networkidle' | 'commit';
  viewport?: { width: number; height: number };
  /** Device pixels per CSS px (default 1); 2 with a half-size viewport is a 200% page zoom. */
  deviceScaleFactor?: number;
  /** A phone's touch screen: a coarse pointer (`pointer: coarse`) and touch events. */
  touch?: boolean;
  /** Emulate `prefers-reduced-motion: reduce` (default false). */
  reducedMotion?: boolean;
  /** Slow the page's CPU this many times from before navigation (a slow laptop). */
  cpuThrottle?: number;
  /**
   * The site's offline cache (a service worker) is blocked unless 'allow': a controlled
   * page's requests bypass the context's request routing, which checks origins.
   */
  serviceWorkers?: 'allow' | 'block';
  /** Same-origin requests whose URL matches are held back this long (a slow network). */
  delay?: { match: RegExp; ms: number };
  /** Runs in the page before its own scripts (page.addInitScript), e.g. to record from the start. */
  init?: () => void;
}

/** Sets the page's CPU slowdown (1 = none), as DevTools' performance panel does. */
export async function cpuThrottle(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  // The session stays open: an emulation override ends with the session that set it.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

let browser: Promise<Browser> | null = null;
const opened: OpenedPage[] = [];

export function baseURL(): string {
  return process.env.E2E_BASE_URL ?? inject('baseURL');
}

export function chromePath(): string {
  const p = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(p)) {
    throw new Error(
      `No Chromium at ${p}. Install one (Debian/Ubuntu: apt-get install chromium) or set CHROME_PATH.`,
    );
  }
  return p;
}

/** The shared browser of this test file (launched on first use, closed after the file). */
export function launchBrowser(): Promise<Browser> {
  browser ??= chromium.launch({ executablePath: chromePath(), args: CHROME_ARGS, timeout: 60_000 });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  const b = browser;
  browser = null;
  if (b) await (await b).close().catch(() => undefined);
}

/** Open `pathOrUrl` (resolved against the served site) in a fresh context; see OpenedPage. */
export async function openPage(pathOrUrl = '/', opts: OpenOptions = {}): Promise<OpenedPage> {
  const base = new URL(baseURL());
  const url = new URL(pathOrUrl.replace(/^\//, ''), base);
  const context = await (await launchBrowser()).newContext({
    viewport: opts.viewport ?? { width: 1280, height: 800 },
    deviceScaleFactor: opts.deviceScaleFactor ?? 1,
    ...(opts.touch ? { hasTouch: true, isMobile: true } : {}),
    reducedMotion: opts.reducedMotion ? 'reduce' : 'no-preference',
    serviceWorkers: opts.serviceWorkers ?? 'block',
  });
  const page = await context.newPage();
  const entry: OpenedPage = { page, context, errors: [], allowErrors: opts.allowErrors ?? [] };
  opened.push(entry);
  const errors = entry.errors;
  const blocked = new Set<string>();

  await context.route('**/*', (route) => {
    const u = route.request().url();
    if (/^(data|blob):/.test(u)) return route.continue();
    if (new URL(u).origin === base.origin) {
      if (opts.delay?.match.test(u)) return new Promise<void>((done) => setTimeout(() => void route.continue().then(done, done), opts.delay!.ms));
      return route.continue();
    }
    blocked.add(u);
    errors.push(`request to another origin: ${u}`);
    return route.abort('blockedbyclient');
  });
  // The page's console event also carries its dedicated workers' messages.
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() !== 'error') return;
    const loc = msg.location();
    errors.push(`console.error: ${msg.text()}${loc.url ? ` (${loc.url}:${loc.lineNumber})` : ''}`);
  });
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.stack ?? e.message}`));
  page.on('crash', () => errors.push('page crashed'));
  page.on('requestfailed', (r) => {
    if (!blocked.has(r.url())) errors.push(`request failed: ${r.method()} ${r.url()} (${r.failure()?.errorText})`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`);
  });

  // Content-Security-Policy violations (the built site has a strict policy) and dialogs
  // (alert/confirm/prompt: nothing on this site opens one, so one means injected script).
  await page.exposeFunction('__e2eCspViolation', (what: string) => errors.push(`CSP violation: ${what}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __e2eCspViolation: (w: string) => void }).__e2eCspViolation;
      void report(`${e.effectiveDirective} refused ${e.blockedURI || '(inline)'} at ${e.sourceFile || '?'}:${e.lineNumber}`);
    });
  });
  page.on('dialog', (d) => {
    errors.push(`dialog (${d.type()}): ${d.message()}`);
    void d.dismiss().catch(() => undefined);
  });

  if (opts.init) await page.addInitScript(opts.init);
  if (opts.cpuThrottle) await cpuThrottle(page, opts.cpuThrottle);
  const res = await page.goto(url.href, { waitUntil: opts.waitUntil ?? 'load' });
  if (res && !res.ok() && !errors.some((e) => e.includes(res.url()))) errors.push(`HTTP ${res.status()}: ${res.url()}`);
  return entry;
}

/** Errors of `p` not covered by its allowErrors. */
export function unexpectedErrors(p: OpenedPage): string[] {
  return p.errors.filter((e) => !p.allowErrors.some((re) => re.test(e)));
}

function safeName(name: string): string {
  return name.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 120) || 'page';
}

/**
 * Save a PNG of `page` (default: the page opened last) to test-results/<name>.png; returns
 * the path. Whole page by default; `fullPage: false` keeps just the viewport.
 */
export async function screenshot(name: string, page?: Page, opts: { fullPage?: boolean } = {}): Promise<string> {
  const target = page ?? opened.at(-1)?.page;
  if (!target) throw new Error('screenshot(): no page is open');
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${safeName(name)}.png`);
  await target.screenshot({ path: file, fullPage: opts.fullPage ?? true });
  return file;
}

/**
 * After-each bookkeeping (called by tests/e2e/setup.ts): screenshots when the test failed
 * or a page had errors, closes this test's pages, and returns the unexpected errors.
 */
export async function finishTest(testName: string, failed: boolean): Promise<string[]> {
  const pages = opened.splice(0);
  const problems: string[] = [];
  for (const [i, p] of pages.entries()) {
    const bad = unexpectedErrors(p);
    problems.push(...bad);
    if ((failed || bad.length) && !p.page.isClosed()) {
      await screenshot(`${testName}${pages.length > 1 ? `-${i + 1}` : ''}`, p.page).catch(() => undefined);
    }
    await p.context.close().catch(() => undefined);
  }
  return problems;
}
