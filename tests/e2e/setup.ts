// Per-file setup for the e2e tests (vitest.e2e.config.ts): fail a test whose pages
// logged errors, keep screenshots of failures, and close the browser after each file.
import path from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { closeBrowser, finishTest } from './harness';

afterEach(async (ctx) => {
  const file = path.basename(ctx.task.file.name).replace(/\.e2e\.test\.ts$/, '');
  const failed = ctx.task.result?.state === 'fail';
  const problems = await finishTest(`${file}--${ctx.task.name}`, failed);
  if (problems.length) {
    throw new Error(`page errors:\n  ${problems.join('\n  ')}`);
  }
});

afterAll(closeBrowser);
