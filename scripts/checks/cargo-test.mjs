// cargo test --profile fast --no-fail-fast (engine-wasm; optimized because the engine tests simulate a
// lot, without release's fat LTO so the dozen test binaries link quickly;
// no-fail-fast so every test binary runs and the counts are complete).
// Counts every test case: the sum of all "test result: … N passed; M failed" lines
// (unit, integration, doc tests). A build failure or crash with no failing case counts 1 failed.
import { report, stripAnsi } from '../lib/check.mjs';
import { ENGINE_DIR, run } from '../lib/util.mjs';

const { code, output } = await run('cargo', ['test', '--profile', 'fast', '--no-fail-fast'], { cwd: ENGINE_DIR, capture: true });
let passed = 0;
let failed = 0;
for (const m of stripAnsi(output).matchAll(/^test result: \w+\. (\d+) passed; (\d+) failed/gm)) {
  passed += Number(m[1]);
  failed += Number(m[2]);
}
let note = '';
if (code !== 0 && failed === 0) {
  failed = 1;
  note = `cargo test exited ${code} without a failing test case (build error?)`;
}
report('cargo test', passed, failed, note);
