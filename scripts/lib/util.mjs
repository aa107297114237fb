// Shared helpers for the build/test scripts. Node built-ins only: these run before
// `npm install` on a fresh clone.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ENGINE_DIR = path.join(ROOT, 'engine-wasm');
export const PKG_DIR = path.join(ROOT, 'web', 'src', 'engine', 'pkg');
export const DIST_DIR = path.join(ROOT, 'web', 'dist');
export const TOOLS_BIN = path.join(ROOT, '.tools', 'bin');
export const IS_WIN = process.platform === 'win32';

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code) => (s) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
export const bold = paint('1');
export const dim = paint('2');
export const red = paint('31');
export const green = paint('32');
export const yellow = paint('33');

/** Prefixed progress line on stderr (stdout stays clean for tools' own output). */
export function log(tag, msg) {
  process.stderr.write(`${dim(`[${tag}]`)} ${msg}\n`);
}

/** Fatal error with a hint; exits 1. */
export function die(tag, msg) {
  process.stderr.write(`${red(`[${tag}] ERROR:`)} ${msg}\n`);
  process.exit(1);
}

/** Quietly run a command; returns {status, stdout, stderr} or null when the program is missing. */
export function probe(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', ...opts });
  if (r.error) return null;
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/**
 * Run a command, streaming its output to ours. With `capture`, also keep the output
 * (stdout+stderr interleaved) and return it. Resolves {code, output}; never rejects
 * (a missing program gives code 127).
 */
export function run(cmd, args, { cwd = ROOT, env, capture = false } = {}) {
  return new Promise((resolve) => {
    let output = '';
    let child;
    try {
      child = spawn(cmd, args, {
        cwd,
        env: env ? { ...process.env, ...env } : process.env,
        stdio: capture ? ['inherit', 'pipe', 'pipe'] : 'inherit',
        shell: IS_WIN,
      });
    } catch (e) {
      process.stderr.write(`cannot start ${cmd}: ${e.message}\n`);
      resolve({ code: 127, output });
      return;
    }
    if (capture) {
      child.stdout.on('data', (d) => {
        output += d;
        process.stdout.write(d);
      });
      child.stderr.on('data', (d) => {
        output += d;
        process.stderr.write(d);
      });
    }
    child.on('error', (e) => {
      process.stderr.write(`cannot start ${cmd}: ${e.message}\n`);
      resolve({ code: 127, output });
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
  });
}

/** mtime in ms, or 0 when the path does not exist. */
export function mtime(p) {
  try {
    return fs.statSync(p).mtimeMs;
  } catch {
    return 0;
  }
}

/** Newest mtime of any file under the given paths (files or directories, recursive). */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      newest = Math.max(newest, st.mtimeMs); // catches deleted/renamed files
      for (const name of fs.readdirSync(p)) visit(path.join(p, name));
    } else {
      newest = Math.max(newest, st.mtimeMs);
    }
  };
  paths.forEach(visit);
  return newest;
}

/** Path of a binary in node_modules/.bin (may not exist yet). */
export function npmBin(name) {
  return path.join(ROOT, 'node_modules', '.bin', IS_WIN ? `${name}.cmd` : name);
}

/** The exact wasm-bindgen version pinned in engine-wasm/Cargo.toml (`wasm-bindgen = "=X"`). */
export function pinnedWasmBindgenVersion() {
  const toml = fs.readFileSync(path.join(ENGINE_DIR, 'Cargo.toml'), 'utf8');
  const m =
    toml.match(/^\s*wasm-bindgen\s*=\s*"=?\s*([0-9][^"]*)"/m) ??
    toml.match(/^\s*wasm-bindgen\s*=\s*\{[^}]*\bversion\s*=\s*"=?\s*([0-9][^"]*)"/m);
  if (!m) throw new Error('engine-wasm/Cargo.toml has no `wasm-bindgen = "=X.Y.Z"` dependency');
  return m[1].trim();
}

export function wasmBindgenBin() {
  return path.join(TOOLS_BIN, IS_WIN ? 'wasm-bindgen.exe' : 'wasm-bindgen');
}

/** Installed .tools wasm-bindgen version, or null. */
export function installedWasmBindgenVersion() {
  const r = probe(wasmBindgenBin(), ['--version']);
  if (!r || r.status !== 0) return null;
  const m = r.stdout.match(/wasm-bindgen\s+(\S+)/);
  return m ? m[1] : null;
}

export function seconds(t0) {
  return ((performance.now() - t0) / 1000).toFixed(1);
}

/** True when this module is the process entry point (`node scripts/x.mjs`). */
export function isMain(importMetaUrl) {
  return process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(importMetaUrl);
}
