#!/usr/bin/env node
// A tiny static file server for web/dist (used by `npm run preview`, the e2e tests and
// the bench). Node built-ins only. Usage: PORT=4173 node scripts/preview.mjs [dir]
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { DIST_DIR, isMain } from './lib/util.mjs';

export const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Serve `dir` on 127.0.0.1:`port` (0 = any free port). Resolves
 * { url, port, server, close() }. GET/HEAD only; `/` and directories serve index.html;
 * no SPA fallback (the site uses hash routes), so a missing file is a real 404.
 */
export function startStaticServer(dir = DIST_DIR, port = 4173, { quiet = true } = {}) {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    const send = (status, body, type = 'text/plain; charset=utf-8') => {
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'method not allowed\n');
    let rel;
    try {
      rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      return send(400, 'bad request\n');
    }
    let file = path.join(root, path.normalize(rel));
    if (file !== root && !file.startsWith(root + path.sep)) return send(403, 'forbidden\n');
    try {
      if (fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
      const st = fs.statSync(file);
      const type = MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
      res.writeHead(200, {
        'Content-Type': type,
        'Content-Length': st.size,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      if (req.method === 'HEAD') return res.end();
      fs.createReadStream(file).pipe(res);
      if (!quiet) process.stderr.write(`200 ${rel}\n`);
    } catch {
      if (!quiet) process.stderr.write(`404 ${rel}\n`);
      send(404, `not found: ${rel}\n`);
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const actual = server.address().port;
      resolve({
        url: `http://127.0.0.1:${actual}/`,
        port: actual,
        server,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

if (isMain(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? DIST_DIR);
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    process.stderr.write(`[preview] ${path.relative(process.cwd(), dir) || dir}/index.html not found; run \`npm run build\` first.\n`);
    process.exit(1);
  }
  const port = Number(process.env.PORT ?? 4173);
  try {
    const { url } = await startStaticServer(dir, port, { quiet: false });
    process.stdout.write(`\n  InnoDB Lab (preview of ${path.relative(process.cwd(), dir) || dir}):  ${url}\n\n`);
  } catch (e) {
    process.stderr.write(`[preview] cannot listen on port ${port}: ${e.message} (set PORT=...)\n`);
    process.exit(1);
  }
}
