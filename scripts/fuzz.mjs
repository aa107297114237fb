#!/usr/bin/env node
// `npm run fuzz`: the engine's fuzz tests (engine-wasm/tests/fuzz_*.rs) at length.
// `npm test` runs them briefly; here each property gets FUZZ_CASES cases (default
// 20000; `npm run fuzz -- 500` for another count). A failure prints the minimal input;
// proptest also saves its seed in engine-wasm/tests/<test>.proptest-regressions.
import { ENGINE_DIR, run } from './lib/util.mjs';

const cases = process.argv[2] ?? process.env.FUZZ_CASES ?? '20000';
if (!/^\d+$/.test(cases)) {
  process.stderr.write(`usage: npm run fuzz [-- CASES]   (got ${cases})\n`);
  process.exit(2);
}
// The `fast` profile, as `npm test` builds the engine tests: the binaries are shared.
const args = ['test', '--profile', 'fast', '--test', 'fuzz_scenario', '--test', 'fuzz_commands', '--', '--nocapture'];
const { code } = await run('cargo', args, { cwd: ENGINE_DIR, env: { FUZZ_CASES: cases } });
process.exitCode = code;
