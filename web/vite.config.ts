// Vite config for the static site: root web/, relative asset paths (base './', so the
// site works from any sub-path and offline), ES-module worker, lessons bundled from
// ../lessons (import.meta.glob ?raw). The production build carries a strict
// Content-Security-Policy; the theme palette is a build-time stylesheet, so no inline
// <style> is needed.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { precacheFiles, SERVICE_WORKER_FILE, serviceWorkerSource } from './src/offline/manifest';
import { paletteCss } from './src/ui/palette';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * The production site's Content-Security-Policy (a <meta>: a static site has no headers
 * of its own). Everything comes from this origin. Scripts: only our files, plus
 * 'wasm-unsafe-eval' to compile the engine (no 'unsafe-eval', no inline script). Styles:
 * only our CSS files; React and the views set styles through the CSSOM, which CSP allows,
 * and lesson tables align with classes (lessons/markdown.ts), not style attributes.
 * Images: the data: favicon. Workers: our module worker. A <meta> policy cannot set
 * frame-ancestors or report-to; a host may add those as headers.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * Adds the policy to index.html in `vite build` only: the dev server injects inline
 * <style> for hot CSS updates, which this policy (rightly) refuses.
 */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'innodb-lab:csp',
    apply: 'build',
    // Plain text first thing in <head> (a <meta> policy covers only what follows it).
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes('<head>')) throw new Error('index.html has no <head> for the CSP <meta>');
        return html.replace('<head>', `<head>\n    <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />`);
      },
    },
  };
}

const PALETTE_ID = 'virtual:palette.css';

/** `import 'virtual:palette.css'`: the palette's CSS variables, generated at build time. */
function paletteStylesheet(): Plugin {
  return {
    name: 'innodb-lab:palette-css',
    resolveId: (id) => (id === PALETTE_ID ? `\0${PALETTE_ID}` : null),
    load: (id) => (id === `\0${PALETTE_ID}` ? paletteCss() : null),
  };
}

/**
 * Writes the service worker (web/src/offline/sw.js, registered by
 * web/src/offline/register.ts) next to index.html, with the list of every file this
 * build wrote and a version that changes whenever one of them does (asset names carry
 * content hashes; index.html is hashed whole). A hand-written worker of ~60 lines
 * rather than vite-plugin-pwa: that plugin brings workbox-build and a few hundred
 * packages for the same precache-and-serve behaviour.
 */
function offlineCache(): Plugin {
  return {
    name: 'innodb-lab:offline-cache',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const names = Object.keys(bundle);
      if (!names.includes('index.html')) this.error('offline cache: the build has no index.html');
      const files = precacheFiles(names);
      const hash = createHash('sha256');
      for (const f of files) {
        const out = bundle[f];
        hash.update(`${f}\0`);
        if (out?.type === 'asset' && f === 'index.html') hash.update(out.source);
      }
      const template = fs.readFileSync(new URL('./src/offline/sw.js', import.meta.url), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: SERVICE_WORKER_FILE,
        source: serviceWorkerSource(template, hash.digest('hex').slice(0, 16), files),
      });
    },
  };
}

export default defineConfig({
  root: webRoot,
  base: './',
  plugins: [contentSecurityPolicy(), paletteStylesheet(), offlineCache()],
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
