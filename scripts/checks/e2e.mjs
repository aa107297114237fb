// End-to-end: `npm run build` -> web/dist, served by scripts/preview.mjs's static server
// (vitest global setup), tests in tests/e2e/*.e2e.test.ts driven by playwright-core in a
// system Chromium (vitest.e2e.config.ts). Counts test cases; a failed site build counts as
// 1 more failure (the tests still run, against an empty web/dist, so they fail visibly).
import fs from 'node:fs';
import { report } from '../lib/check.mjs';
import { ensureChromium } from '../lib/chromium.mjs';
import { runVitest } from '../lib/vitest.mjs';
import { DIST_DIR, log, run } from '../lib/util.mjs';

const TAG = 'e2e';
let extraFailed = 0;
const notes = [];

const chrome = await ensureChromium(TAG);
if (!chrome) notes.push('no Chromium');

if (!process.argv.includes('--no-build')) {
  log(TAG, 'npm run build');
  const { code } = await run('npm', ['run', 'build']);
  if (code !== 0) {
    extraFailed += 1;
    notes.push('site build failed');
    fs.rmSync(DIST_DIR, { recursive: true, force: true }); // never test a stale build
  }
}

const env = chrome ? { CHROME_PATH: chrome } : {};
const r = await runVitest('vitest.e2e.config.ts', { env });
if (r.note) notes.push(r.note);
report('e2e', r.passed, r.failed + extraFailed, notes.join('; '));
