#!/usr/bin/env node
// Builds the Rust engine to WebAssembly and generates the JS bindings:
//   cargo build -p innodb-lab-wasm --target wasm32-unknown-unknown --release  (engine-wasm/)
//   .tools/bin/wasm-bindgen --target web  ->  web/src/engine/pkg/innodb_lab{.js,_bg.wasm,.d.ts}
//   wasm-opt -O3 (binaryen from npm)                                  (--release only)
//
// Both modes compile with Cargo's *release* profile: a debug-profile wasm runs the
// simulator 10-50x slower (no inlining, overflow and bounds checks everywhere), which
// makes lessons unusable, and sharing one profile with `npm test` / `npm run build`
// means cargo's artifacts are reused across all three commands. `--release` adds
// wasm-opt (size + speed) and strips debug names.
//
// Skips everything when web/src/engine/pkg is newer than every file in
// engine-wasm/src, Cargo.toml, Cargo.lock (and build.rs) and the workspace's other
// crates (scenario/, api/, wasm/: src and Cargo.toml), so a second `npm start` is instant.
// Usage: node scripts/build-engine.mjs [--release] [--force]
import fs from 'node:fs';
import path from 'node:path';
import {
  ENGINE_DIR,
  PKG_DIR,
  ROOT,
  die,
  installedWasmBindgenVersion,
  isMain,
  log,
  mtime,
  newestMtime,
  run,
  seconds,
  wasmBindgenBin,
} from './lib/util.mjs';

const TAG = 'build-engine';
const TARGET = 'wasm32-unknown-unknown';
const OUT_NAME = 'innodb_lab';
/** The workspace's other crates (engine-wasm/<name>); the wasm module is WASM_PACKAGE's cdylib. */
const CRATES = ['scenario', 'api', 'wasm'];
const WASM_PACKAGE = 'innodb-lab-wasm';
const WASM_LIB = 'innodb_lab_wasm';
const STAMP = path.join(PKG_DIR, '.build-stamp.json');
export const PKG_WASM = path.join(PKG_DIR, `${OUT_NAME}_bg.wasm`);
export const PKG_JS = path.join(PKG_DIR, `${OUT_NAME}.js`);

function inputsNewest() {
  return newestMtime(
    ['src', 'Cargo.toml', 'Cargo.lock', 'build.rs', ...CRATES.flatMap((c) => [`${c}/src`, `${c}/Cargo.toml`])].map((p) =>
      path.join(ENGINE_DIR, p),
    ),
  );
}

function readStamp() {
  try {
    return JSON.parse(fs.readFileSync(STAMP, 'utf8'));
  } catch {
    return null;
  }
}

/** Up to date when the outputs exist, are newer than all inputs, and were built in a mode at least as strong. */
function upToDate(release, wbVersion) {
  const stamp = readStamp();
  if (!stamp || (release && !stamp.release) || stamp.wasmBindgen !== wbVersion) return false;
  const built = Math.min(mtime(STAMP), mtime(PKG_WASM), mtime(PKG_JS));
  return built > 0 && built >= inputsNewest();
}

/** Features the compiled module declares (custom section `target_features`), e.g. "bulk-memory". */
function wasmTargetFeatures(file) {
  const b = fs.readFileSync(file);
  let p = 8;
  const leb = () => {
    let r = 0;
    let s = 0;
    let x;
    do {
      x = b[p++];
      r += (x & 0x7f) * 2 ** s;
      s += 7;
    } while (x & 0x80);
    return r;
  };
  const out = [];
  while (p < b.length) {
    const id = b[p++];
    const len = leb();
    const end = p + len;
    if (id === 0) {
      const nl = leb();
      const name = b.subarray(p, p + nl).toString();
      p += nl;
      if (name === 'target_features') {
        const n = leb();
        for (let i = 0; i < n; i++) {
          const prefix = String.fromCharCode(b[p++]);
          const l = leb();
          const feat = b.subarray(p, p + l).toString();
          p += l;
          if (prefix !== '-') out.push(feat);
        }
      }
    }
    p = end;
  }
  return out;
}

// LLVM feature name -> binaryen flag. The baseline set is what current Rust emits by default.
const FEATURE_FLAGS = {
  'bulk-memory': '--enable-bulk-memory',
  'bulk-memory-opt': '--enable-bulk-memory-opt',
  'call-indirect-overlong': '--enable-call-indirect-overlong',
  'nontrapping-fptoint': '--enable-nontrapping-float-to-int',
  'sign-ext': '--enable-sign-ext',
  'mutable-globals': '--enable-mutable-globals',
  multivalue: '--enable-multivalue',
  'reference-types': '--enable-reference-types',
  simd128: '--enable-simd',
  'relaxed-simd': '--enable-relaxed-simd',
  'extended-const': '--enable-extended-const',
  'tail-call': '--enable-tail-call',
  'exception-handling': '--enable-exception-handling',
  atomics: '--enable-threads',
  multimemory: '--enable-multimemory',
  memory64: '--enable-memory64',
  fp16: '--enable-fp16',
};
const BASELINE = ['bulk-memory', 'nontrapping-fptoint', 'sign-ext', 'mutable-globals', 'multivalue', 'reference-types'];

function wasmOptPath() {
  const p = path.join(ROOT, 'node_modules', 'binaryen', 'bin', 'wasm-opt');
  if (!fs.existsSync(p)) die(TAG, 'node_modules/binaryen/bin/wasm-opt is missing; run `node scripts/bootstrap.mjs`.');
  return p;
}

export async function buildEngine({ release = false, force = false } = {}) {
  const t0 = performance.now();
  const wbVersion = installedWasmBindgenVersion();
  if (!wbVersion) die(TAG, '.tools/bin/wasm-bindgen is missing; run `node scripts/bootstrap.mjs` first.');
  if (!force && upToDate(release, wbVersion)) {
    log(TAG, `web/src/engine/pkg is up to date (${release ? 'release' : 'dev'})`);
    return;
  }

  const startedAt = new Date(); // the stamp gets this time, so edits made during the build trigger the next one
  log(TAG, `cargo build -p ${WASM_PACKAGE} --lib --target ${TARGET} --release`);
  let r = await run('cargo', ['build', '-p', WASM_PACKAGE, '--lib', '--target', TARGET, '--release'], { cwd: ENGINE_DIR });
  if (r.code !== 0) die(TAG, `cargo build failed (exit ${r.code}).`);
  const targetDir = process.env.CARGO_TARGET_DIR
    ? path.resolve(ENGINE_DIR, process.env.CARGO_TARGET_DIR)
    : path.join(ENGINE_DIR, 'target');
  const wasm = path.join(targetDir, TARGET, 'release', `${WASM_LIB}.wasm`);
  if (!fs.existsSync(wasm)) die(TAG, `cargo did not produce ${path.relative(ROOT, wasm)}`);

  fs.mkdirSync(PKG_DIR, { recursive: true });
  fs.rmSync(STAMP, { force: true });
  log(TAG, `wasm-bindgen ${wbVersion} --target web -> ${path.relative(ROOT, PKG_DIR)}`);
  r = await run(wasmBindgenBin(), ['--target', 'web', '--out-dir', PKG_DIR, '--out-name', OUT_NAME, wasm]);
  if (r.code !== 0) die(TAG, `wasm-bindgen failed (exit ${r.code}).`);

  if (release) {
    const features = [...new Set([...BASELINE, ...wasmTargetFeatures(wasm)])];
    const unknown = features.filter((f) => !FEATURE_FLAGS[f]);
    if (unknown.length) log(TAG, `note: no wasm-opt flag known for feature(s) ${unknown.join(', ')}`);
    const flags = features.map((f) => FEATURE_FLAGS[f]).filter(Boolean);
    const tmp = `${PKG_WASM}.opt`;
    const before = fs.statSync(PKG_WASM).size;
    log(TAG, `wasm-opt -O3 ${flags.join(' ')}`);
    r = await run(process.execPath, [
      wasmOptPath(),
      PKG_WASM,
      '-O3',
      ...flags,
      '--strip-debug',
      '--strip-producers',
      '-o',
      tmp,
    ]);
    if (r.code !== 0) die(TAG, `wasm-opt failed (exit ${r.code}).`);
    fs.renameSync(tmp, PKG_WASM);
    log(TAG, `wasm ${before} -> ${fs.statSync(PKG_WASM).size} bytes`);
  }

  fs.writeFileSync(STAMP, JSON.stringify({ release, wasmBindgen: wbVersion, builtAt: startedAt.toISOString() }) + '\n');
  fs.utimesSync(STAMP, startedAt, startedAt);
  log(TAG, `done (${release ? 'release' : 'dev'}, ${seconds(t0)} s)`);
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const bad = args.filter((a) => a !== '--release' && a !== '--force');
  if (bad.length) die(TAG, `unknown argument(s) ${bad.join(' ')}; usage: build-engine.mjs [--release] [--force]`);
  await buildEngine({ release: args.includes('--release'), force: args.includes('--force') });
}
