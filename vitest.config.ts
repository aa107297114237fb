// Unit, wasm-boundary and fidelity tests: tests/**/*.test.ts (not the e2e tests, which
// have vitest.e2e.config.ts). Tests that load the engine import
// web/src/engine/pkg/innodb_lab.js and call initSync() with the .wasm bytes
// (`npm test` builds it first; alone: `node scripts/build-engine.mjs --release`).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', '**/node_modules/**'],
    environment: 'node',
    passWithNoTests: true,
    testTimeout: 30_000,
  },
});
