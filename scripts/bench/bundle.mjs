// What the built site downloads: the shipped .wasm, the initial JS (entry
// chunk + its static imports, from the Vite manifest when the build writes one, else
// from index.html and the chunks' own import statements), raw and gzip, and whether
// each lesson's content stays out of that initial set (lazy-loaded).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PKG_DIR, ROOT } from '../lib/util.mjs';

const gzipSize = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const rel = (f) => path.relative(ROOT, f);

/** Raw and gzip bytes of the shipped wasm (the built asset, else the pkg file). */
export function wasmSize(siteDir) {
  const assets = path.join(siteDir, 'assets');
  const shipped = fs.existsSync(assets) ? fs.readdirSync(assets).filter((f) => f.endsWith('.wasm')) : [];
  const file = shipped.length ? path.join(assets, shipped[0]) : path.join(PKG_DIR, 'innodb_lab_bg.wasm');
  if (!fs.existsSync(file)) return { missing: 'no .wasm built' };
  const buf = fs.readFileSync(file);
  return { file: rel(file), bytes: buf.length, gzip: gzipSize(buf) };
}

/** Initial JS files from .vite/manifest.json: the HTML entry and its `imports`, recursively. */
function fromManifest(siteDir) {
  const file = path.join(siteDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return null;
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry && k.endsWith('.html'));
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    (chunk.imports ?? []).forEach(visit);
  };
  (entries.length ? entries : Object.keys(manifest).filter((k) => manifest[k].isEntry)).forEach(visit);
  return [...seen].map((k) => path.join(siteDir, manifest[k].file)).filter((f) => f.endsWith('.js'));
}

/** Initial JS files from index.html's module scripts/modulepreloads and static imports. */
function fromHtml(siteDir) {
  const html = path.join(siteDir, 'index.html');
  const text = fs.readFileSync(html, 'utf8');
  const refs = [];
  for (const m of text.matchAll(/<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["']/g)) refs.push(m[1]);
  for (const m of text.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["'][^>]*\btype=["']module["']/g)) refs.push(m[1]);
  for (const m of text.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*\bhref=["']([^"']+)["']/g)) refs.push(m[1]);
  const toFile = (ref, from) => path.resolve(from, ref.split(/[?#]/)[0].replace(/^\//, ''));
  const pending = refs.map((r) => toFile(r, siteDir));
  const files = new Set();
  while (pending.length) {
    const f = pending.pop();
    if (files.has(f) || !fs.existsSync(f)) continue;
    files.add(f);
    const code = fs.readFileSync(f, 'utf8');
    // Static `import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"` (not import()).
    const re = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+\.m?js)["']/g;
    for (const m of code.matchAll(re)) pending.push(toFile(m[1], path.dirname(f)));
  }
  return [...files];
}

/** { files, bytes, gzip, source } of the JS a first visit needs before anything lazy. */
export function initialJs(siteDir) {
  if (!fs.existsSync(path.join(siteDir, 'index.html'))) return { missing: `${path.relative(ROOT, siteDir)} not built` };
  const manifest = fromManifest(siteDir);
  const files = manifest ?? fromHtml(siteDir);
  if (!files.length) return { missing: 'no module script in web/dist/index.html' };
  let bytes = 0;
  let gzip = 0;
  const perFile = [];
  for (const f of files) {
    const buf = fs.readFileSync(f);
    const g = gzipSize(buf);
    bytes += buf.length;
    gzip += g;
    perFile.push({ file: rel(f), bytes: buf.length, gzip: g });
  }
  return { files: perFile, bytes, gzip, source: manifest ? '.vite/manifest.json' : 'index.html + static imports' };
}

/**
 * For each lesson: its chunk(s) in <site>/assets (named after the lesson and its
 * scenario files) and whether its text appears in any initial file.
 */
export function lazyLessons(lessons, initial, siteDir) {
  const assets = path.join(siteDir, 'assets');
  const names = fs.existsSync(assets) ? fs.readdirSync(assets) : [];
  const initialNames = new Set((initial.files ?? []).map((f) => path.basename(f.file)));
  const initialText = (initial.files ?? []).map((f) => fs.readFileSync(path.join(ROOT, f.file), 'utf8')).join('\n');
  return lessons.map((l) => {
    const bases = [l.id, ...l.scenarioFiles.map((f) => f.replace(/\.json$/, ''))];
    const chunks = names.filter((n) => bases.some((b) => new RegExp(`^${b.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-[\\w-]{6,}\\.js$`).test(n)));
    const inInitial = chunks.filter((c) => initialNames.has(c));
    // The lesson's first step heading: text only the lesson itself carries.
    const marker = l.firstHeading ?? null;
    const textInInitial = marker ? initialText.includes(marker) : false;
    return { lesson: l.id, chunks, inInitial, marker, textInInitial, lazy: chunks.length > 0 && inInitial.length === 0 && !textInInitial };
  });
}
