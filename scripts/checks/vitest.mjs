// vitest run (vitest.config.ts: tests/**/*.test.ts, not tests/e2e). Counts test cases.
import { report } from '../lib/check.mjs';
import { runVitest } from '../lib/vitest.mjs';

const { passed, failed, note } = await runVitest('vitest.config.ts');
report('vitest', passed, failed, note);
