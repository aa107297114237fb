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

/** A reader over a wasm module's bytes: `byte()`, `leb()` (unsigned LEB128) and `str()` (length-prefixed UTF-8). */
function reader(b, p) {
  const r = {
    p,
    byte() {
      return b[r.p++];
    },
    leb() {
      let v = 0;
      let s = 0;
      let x;
      do {
        x = b[r.p++];
        v += (x & 0x7f) * 2 ** s;
        s += 7;
      } while (x & 0x80);
      return v;
    },
    str() {
      const n = r.leb();
      const v = b.subarray(r.p, r.p + n).toString();
      r.p += n;
      return v;
    },
  };
  return r;
}

/** Calls `visit(name, reader, end)` for each custom section of the module in `file`. */
function eachCustomSection(file, visit) {
  const b = fs.readFileSync(file);
  const r = reader(b, 8);
  while (r.p < b.length) {
    const id = b[r.p++];
    const len = r.leb();
    const end = r.p + len;
    if (id === 0) visit(r.str(), r, end);
    r.p = end;
  }
}

/** Features the compiled module declares (custom section `target_features`), e.g. "bulk-memory". */
function wasmTargetFeatures(file) {
  const out = [];
  eachCustomSection(file, (name, r) => {
    if (name !== 'target_features') return;
    const n = r.leb();
    for (let i = 0; i < n; i++) {
      const prefix = String.fromCharCode(r.byte());
      const feat = r.str();
      if (prefix !== '-') out.push(feat);
    }
  });
  return out;
}

/** Function names of the module's `name` section (subsection 1, the function names). */
function wasmFunctionNames(file) {
  const out = [];
  eachCustomSection(file, (name, r, end) => {
    if (name !== 'name') return;
    while (r.p < end) {
      const id = r.byte();
      const len = r.leb();
      const next = r.p + len;
      if (id === 1) {
        const n = r.leb();
        for (let i = 0; i < n; i++) {
          r.leb();
          out.push(r.str());
        }
      }
      r.p = next;
    }
  });
  return out;
}

// Functions wasm-opt must leave out of line: the engine's `batch_*` functions are loop
// bodies re-entered once per batch because WebAssembly engines have no on-stack
// replacement (a loop keeps the code its function was entered with: a whole run in
// one call stayed in V8's baseline code). wasm-opt inlines every function that has
// a single caller, which would put those loops back into their callers.
const NO_INLINE = '*::batch_*';

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
    const batches = wasmFunctionNames(PKG_WASM).filter((n) => n.includes('::batch_'));
    if (!batches.length) die(TAG, `no function of the module matches ${NO_INLINE} (its name section lists none): were the engine's batch_ functions renamed?`);
    log(TAG, `wasm-opt --no-inline=${NO_INLINE} (${batches.length} functions) -O3 ${flags.join(' ')}`);
    r = await run(process.execPath, [
      wasmOptPath(),
      PKG_WASM,
      `--no-inline=${NO_INLINE}`,
      '-O3',
      ...flags,
      // Size without a cost in speed (issue #2; same runs, same wall time in Node):
      // --converge repeats -O3 until the module stops shrinking; --low-memory-unused
      // folds constant offsets into loads and stores, which assumes nothing lives in
      // the first 1 KiB of memory (Rust links the stack first, below the data at 1 MiB,
      // so only a stack within 1 KiB of overflowing reaches it); the target_features
      // section only matters to a later link. 150,091 -> 148,941 bytes gzip -9.
      '--converge',
      '--low-memory-unused',
      '--strip-debug',
      '--strip-producers',
      '--strip-target-features',
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
