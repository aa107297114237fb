#!/usr/bin/env node
// Installs whatever is missing, and nothing else (a second run takes well under 2 s):
//   - npm packages     (when node_modules is missing or package-lock.json changed)
//   - the wasm32-unknown-unknown Rust target
//   - the wasm-bindgen CLI at the exact version pinned in engine-wasm/Cargo.toml,
//     into the project-local .tools/ (git-ignored)
// Node built-ins only: this runs before `npm install`.
import fs from 'node:fs';
import path from 'node:path';
import {
  ROOT,
  die,
  installedWasmBindgenVersion,
  isMain,
  log,
  mtime,
  pinnedWasmBindgenVersion,
  probe,
  run,
  seconds,
} from './lib/util.mjs';

const TAG = 'bootstrap';
const RUSTUP_HINT =
  'Install Rust with rustup: https://rustup.rs  (Linux/macOS: ' +
  "`curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh`, then open a new shell " +
  'or `. "$HOME/.cargo/env"`).';

function checkNode() {
  const [maj, min] = process.versions.node.split('.').map(Number);
  if (maj < 20 || (maj === 20 && min < 19)) {
    die(TAG, `Node.js ${process.versions.node} is too old; need >= 20.19 (https://nodejs.org, or nvm/fnm).`);
  }
  if (!probe('npm', ['--version'], { shell: process.platform === 'win32' })) {
    die(TAG, 'npm is not on PATH; it ships with Node.js (https://nodejs.org).');
  }
}

async function ensureNpmPackages() {
  const lock = path.join(ROOT, 'package-lock.json');
  const stamp = path.join(ROOT, 'node_modules', '.package-lock.json');
  const missing = !fs.existsSync(path.join(ROOT, 'node_modules'));
  const stale = !missing && (mtime(lock) > mtime(stamp) || mtime(path.join(ROOT, 'package.json')) > mtime(stamp));
  if (!missing && !stale) return;
  // CI installs exactly the lock file; locally `npm install` also picks up package.json edits.
  const ci = !!process.env.CI && missing && fs.existsSync(lock);
  const args = [ci ? 'ci' : 'install', '--no-audit', '--no-fund'];
  log(TAG, `${missing ? 'node_modules missing' : 'package.json/package-lock.json changed'}: npm ${args.join(' ')}`);
  const t0 = performance.now();
  const { code } = await run('npm', args);
  if (code !== 0) die(TAG, `npm ${args[0]} failed (exit ${code}).`);
  // npm leaves .package-lock.json untouched when nothing changed; touch it so the
  // next run does not reinstall.
  if (fs.existsSync(stamp)) {
    const now = new Date();
    fs.utimesSync(stamp, now, now);
  }
  log(TAG, `npm packages ready (${seconds(t0)} s)`);
}

async function ensureRust() {
  if (!probe('cargo', ['--version'])) die(TAG, `cargo is not on PATH. ${RUSTUP_HINT}`);
  const rustup = probe('rustup', ['target', 'list', '--installed']);
  if (!rustup) {
    // A distro Rust without rustup: accept it if the wasm32 std is present.
    const sysroot = probe('rustc', ['--print', 'sysroot']);
    const lib = sysroot && path.join(sysroot.stdout.trim(), 'lib', 'rustlib', 'wasm32-unknown-unknown');
    if (lib && fs.existsSync(lib)) return;
    die(TAG, `rustup is not on PATH and this Rust has no wasm32-unknown-unknown target. ${RUSTUP_HINT}`);
  }
  if (rustup.status === 0 && rustup.stdout.split(/\s+/).includes('wasm32-unknown-unknown')) return;
  log(TAG, 'adding the Rust target wasm32-unknown-unknown');
  const { code } = await run('rustup', ['target', 'add', 'wasm32-unknown-unknown']);
  if (code !== 0) die(TAG, '`rustup target add wasm32-unknown-unknown` failed.');
}

async function ensureWasmBindgen() {
  let want;
  try {
    want = pinnedWasmBindgenVersion();
  } catch (e) {
    die(TAG, e.message);
  }
  const have = installedWasmBindgenVersion();
  if (have === want) return;
  log(
    TAG,
    `${have ? `wasm-bindgen CLI is ${have}, need ${want}` : `wasm-bindgen CLI ${want} not installed`}: ` +
      `building it into .tools/ with cargo (one time, takes ~2 min)…`,
  );
  const t0 = performance.now();
  // No --locked: the CLI's own lock file pins dependencies that no longer build on current Rust.
  const { code } = await run('cargo', [
    'install',
    'wasm-bindgen-cli',
    '--version',
    want,
    '--root',
    path.join(ROOT, '.tools'),
    '--force',
  ]);
  if (code !== 0) die(TAG, `cargo install wasm-bindgen-cli --version ${want} failed (exit ${code}).`);
  const now = installedWasmBindgenVersion();
  if (now !== want) die(TAG, `installed wasm-bindgen reports ${now ?? 'nothing'}, expected ${want}.`);
  log(TAG, `wasm-bindgen ${want} ready (${seconds(t0)} s)`);
}

export async function bootstrap() {
  const t0 = performance.now();
  checkNode();
  await ensureNpmPackages();
  await ensureRust();
  await ensureWasmBindgen();
  log(TAG, `ok (${seconds(t0)} s)`);
}

if (isMain(import.meta.url)) await bootstrap();
