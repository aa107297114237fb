// Vite config for the static site: root web/, relative asset paths (base './', so the
// site works from any sub-path and offline), ES-module worker, lessons bundled from
// ../lessons (import.meta.glob ?raw).

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: webRoot,
  base: './',
  // Vite 8 transforms TSX itself (no React plugin): the automatic JSX runtime.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  worker: { format: 'es' },
  server: {
    // lessons/ and lessons/scenarios/ live at the repo root, outside web/.
    fs: { allow: [repoRoot] },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0, // keep the .wasm a separate file (streaming compile)
    chunkSizeWarningLimit: 600,
  },
});
