#!/usr/bin/env node
// `npm test`: bootstrap, release engine build, then every check in scripts/checks/ in
// order, each in its own process, streaming output and never stopping at the first
// failure. The last line is exactly `N passed, N failed` (N = test cases where the tool
// reports them, else 1 per check); the exit code is non-zero when anything failed.
//
//   npm test                      everything
//   npm test -- vitest e2e        only the named checks (still bootstraps + builds the engine)
//   npm test -- --skip e2e        all but the named checks
// Prerequisite steps (bootstrap, engine build) count only when they fail.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, bold, dim, green, red, seconds } from './lib/util.mjs';

const CHECKS = [
  ['cargo-fmt', 'cargo fmt --check'],
  ['cargo-clippy', 'cargo clippy --all-targets -- -D warnings'],
  ['cargo-test', 'cargo test --release --no-fail-fast'],
  ['tsc', 'tsc --noEmit -p tsconfig.json'],
  ['eslint', 'eslint .'],
  ['lessons', 'lessons/*.md structure'],
  ['vitest', 'vitest run'],
  ['e2e', 'site build + e2e in Chromium'],
];

const argv = process.argv.slice(2);
const skip = argv.includes('--skip');
const names = argv.filter((a) => !a.startsWith('--'));
const unknown = names.filter((n) => !CHECKS.some(([id]) => id === n));
if (unknown.length) {
  process.stderr.write(`unknown check(s): ${unknown.join(', ')}; known: ${CHECKS.map(([id]) => id).join(', ')}\n`);
  process.exit(2);
}
const selected = CHECKS.filter(([id]) => !names.length || (skip ? !names.includes(id) : names.includes(id)));

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'innodb-lab-test-'));
const results = [];

function runNode(script, args = [], env = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts', script), ...args], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

function banner(title) {
  process.stdout.write(`\n${bold(`━━ ${title} `)}${dim('━'.repeat(Math.max(4, 70 - title.length)))}\n`);
}

const tAll = performance.now();

// Prerequisites.
for (const [script, args, label] of [
  ['bootstrap.mjs', [], 'bootstrap'],
  ['build-engine.mjs', ['--release'], 'build engine (release)'],
]) {
  banner(label);
  const t0 = performance.now();
  const code = await runNode(script, args);
  if (code !== 0) {
    results.push({ name: label, passed: 0, failed: 1, note: `exit ${code}`, secs: seconds(t0) });
    if (script === 'bootstrap.mjs') break; // nothing else can run
  }
}

if (!results.some((r) => r.name === 'bootstrap')) {
  for (const [id, title] of selected) {
    banner(title);
    const t0 = performance.now();
    const file = path.join(tmp, `${id}.json`);
    const code = await runNode(path.join('checks', `${id}.mjs`), [], { CHECK_RESULT_FILE: file });
    let r;
    try {
      r = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      r = { name: id, passed: 0, failed: 1, note: `check crashed (exit ${code}) without a result` };
    }
    if (code !== 0 && !r.failed) r = { ...r, failed: 1, note: `${r.note ? `${r.note}; ` : ''}exit ${code}` };
    results.push({ ...r, secs: seconds(t0) });
  }
}
fs.rmSync(tmp, { recursive: true, force: true });

const passed = results.reduce((s, r) => s + r.passed, 0);
const failed = results.reduce((s, r) => s + r.failed, 0);
banner(`summary (${seconds(tAll)} s)`);
for (const r of results) {
  const mark = r.failed ? red('✗') : green('✓');
  const line = `${mark} ${r.name.padEnd(24)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${dim(`${r.secs} s`)}`;
  process.stdout.write(`${line}${r.note ? `  ${dim(r.note)}` : ''}\n`);
}
// The one machine-readable line, last.
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exitCode = failed ? 1 : 0;
