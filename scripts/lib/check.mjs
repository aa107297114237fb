// Result reporting for scripts/checks/*.mjs. Each check runs its tool (streaming the
// output), counts test cases, and calls report(). Under scripts/test.mjs the counts go
// to the file named by CHECK_RESULT_FILE; run alone, a check prints its own summary.
import fs from 'node:fs';
import { green, red } from './util.mjs';

/** @param {string} name @param {number} passed @param {number} failed @param {string} [note] */
export function report(name, passed, failed, note = '') {
  const file = process.env.CHECK_RESULT_FILE;
  if (file) fs.writeFileSync(file, JSON.stringify({ name, passed, failed, note }) + '\n');
  const line = `${name}: ${passed} passed, ${failed} failed${note ? ` (${note})` : ''}`;
  process.stderr.write(`${failed ? red('✗') : green('✓')} ${line}\n`);
  process.exitCode = failed ? 1 : 0;
}

/** A single pass/fail check (fmt, clippy, tsc, eslint, …) from an exit code. */
export function reportExit(name, code, note) {
  report(name, code === 0 ? 1 : 0, code === 0 ? 0 : 1, note ?? (code === 0 ? '' : `exit ${code}`));
}

/** Strip ANSI colour codes before parsing tool output. */
export function stripAnsi(s) {
  // eslint-disable-next-line no-control-regex
  return s.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
}
