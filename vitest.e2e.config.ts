// End-to-end tests (tests/e2e/*.e2e.test.ts), run by scripts/checks/e2e.mjs after
// `npm run build`: the global setup serves web/dist (or $E2E_DIST) with
// scripts/preview.mjs's static server; tests drive a system Chromium through
// tests/e2e/harness.ts. One file at a time; generous timeouts (2 cores in CI).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    setupFiles: ['tests/e2e/setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    passWithNoTests: true,
  },
});
