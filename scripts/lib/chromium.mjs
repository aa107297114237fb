// Finds a system Chromium for the e2e tests (playwright-core drives it; Playwright's own
// browser download is not used). Order: $CHROME_PATH, /usr/bin/chromium, other usual
// paths; when none and we are root with apt-get, installs Debian's `chromium`.
import fs from 'node:fs';
import { log, probe, run } from './util.mjs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/** Launch flags for the system Chromium (headless, no sandbox, no background traffic). */
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const CHROMIUM_HINT =
  'Install Chromium (Debian/Ubuntu: `sudo apt-get install chromium`; macOS: `brew install --cask chromium`) ' +
  'or point CHROME_PATH at a Chrome/Chromium binary.';

export function findChromium() {
  if (process.env.CHROME_PATH) {
    return fs.existsSync(process.env.CHROME_PATH) ? process.env.CHROME_PATH : null;
  }
  return CANDIDATES.find((p) => fs.existsSync(p)) ?? null;
}

/** Path of a Chromium, installing Debian's package when possible; null (after a message) otherwise. */
export async function ensureChromium(tag = 'e2e') {
  let found = findChromium();
  if (found) return found;
  if (process.env.CHROME_PATH) {
    log(tag, `CHROME_PATH=${process.env.CHROME_PATH} does not exist. ${CHROMIUM_HINT}`);
    return null;
  }
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root && probe('apt-get', ['--version'])) {
    log(tag, 'no Chromium found: apt-get install chromium');
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    const a = await run('apt-get', ['update', '-qq'], { env });
    const b = a.code === 0 ? await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env }) : a;
    if (b.code === 0) found = findChromium();
  }
  if (!found) log(tag, `no Chromium found. ${CHROMIUM_HINT}`);
  return found;
}
