// Runs vitest with the default reporter (streamed) plus the JSON reporter, and counts
// test cases from the JSON: passed = numPassedTests; failed = numFailedTests + test
// files that failed without a failing case (e.g. an import error). A non-zero exit with
// nothing failed (config error, unhandled error) counts as 1 failed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { npmBin, run } from './util.mjs';

export async function runVitest(config, { env } = {}) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vitest-')), 'report.json');
  const { code } = await run(
    npmBin('vitest'),
    ['run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { env },
  );
  let passed = 0;
  let failed = 0;
  let note = '';
  try {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed = r.numPassedTests ?? 0;
    failed = r.numFailedTests ?? 0;
    for (const file of r.testResults ?? []) {
      const failedCases = (file.assertionResults ?? []).filter((a) => a.status === 'failed').length;
      if (file.status === 'failed' && failedCases === 0) {
        failed += 1;
        note = `${path.relative(process.cwd(), file.name)} failed to run`;
      }
    }
  } catch {
    note = 'no JSON report (vitest crashed?)';
  }
  if (code !== 0 && failed === 0) {
    failed = 1;
    note ||= `vitest exited ${code}`;
  }
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  return { passed, failed, note, code };
}
