// Vitest global setup for the e2e tests: serves the built site (web/dist, or $E2E_DIST)
// with the same static server as `npm run preview`, and hands its URL to the tests
// (harness.ts reads it with inject('baseURL')). Set E2E_BASE_URL to test a running server instead.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startStaticServer } from '../../scripts/preview.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.E2E_BASE_URL) {
    project.provide('baseURL', process.env.E2E_BASE_URL);
    return async () => {};
  }
  const dir = path.resolve(ROOT, process.env.E2E_DIST ?? 'web/dist');
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    console.warn(`[e2e] ${dir}/index.html is missing (site not built): every page will 404.`);
  }
  const server = await startStaticServer(dir, 0);
  console.log(`[e2e] serving ${path.relative(ROOT, dir) || dir} at ${server.url}`);
  project.provide('baseURL', server.url);
  return () => server.close();
}
