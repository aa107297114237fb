#!/usr/bin/env node
// Packs the built site (web/dist) into one zip for a classroom machine with no network:
// web/innodb-lab-site.zip, every file under `innodb-lab/`. Unzip it and serve the
// folder with any static server (`npx serve innodb-lab`, `python3 -m http.server`, or
// `node scripts/preview.mjs innodb-lab`). Node built-ins only: zlib's raw deflate and
// CRC-32 inside the ZIP container format (PKWARE APPNOTE 6.3: local headers, central
// directory, end record; no ZIP64, so the site must stay under 4 GiB).
//   node scripts/zip-site.mjs [dir] [out.zip]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { DIST_DIR, ROOT, isMain } from './lib/util.mjs';

export const ZIP_PATH = path.join(ROOT, 'web', 'innodb-lab-site.zip');

/** Every file under `dir`, as sorted forward-slash paths relative to it. */
function listFiles(dir, prefix = '') {
  const out = [];
  for (const e of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...listFiles(dir, rel));
    else if (e.isFile()) out.push(rel);
  }
  return out;
}

/** DOS date/time of a fixed moment (1 Jan 2024): the zip is the same for the same site. */
const DOS_TIME = 0;
const DOS_DATE = ((2024 - 1980) << 9) | (1 << 5) | 1;

/** Builds the zip in memory: [{ name, data }] -> Buffer. */
export function zipEntries(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBuf = Buffer.from(name, 'utf8');
    const deflated = zlib.deflateRawSync(data, { level: 9 });
    const stored = deflated.length >= data.length; // already compressed: keep as is
    const body = stored ? data : deflated;
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(stored ? 0 : 8, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, nameBuf, body);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x0314, 4); // made by: Unix, 2.0
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(stored ? 0 : 8, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // -rw-r--r--
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBuf);
    offset += local.length + nameBuf.length + body.length;
    if (offset > 0xffffffff) throw new Error('the site is too big for a zip without ZIP64 (4 GiB)');
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** Zips `dir` (every file, under `innodb-lab/`) to `out`; returns { files, bytes }. */
export function zipSite(dir = DIST_DIR, out = ZIP_PATH) {
  if (!fs.existsSync(path.join(dir, 'index.html'))) throw new Error(`${dir}/index.html not found; build the site first`);
  const files = listFiles(dir);
  const buf = zipEntries(files.map((f) => ({ name: `innodb-lab/${f}`, data: fs.readFileSync(path.join(dir, f)) })));
  fs.writeFileSync(out, buf);
  return { files: files.length, bytes: buf.length };
}

if (isMain(import.meta.url)) {
  const [dir, out] = process.argv.slice(2);
  try {
    const r = zipSite(dir ? path.resolve(dir) : DIST_DIR, out ? path.resolve(out) : ZIP_PATH);
    process.stdout.write(`[zip] ${path.relative(process.cwd(), out ?? ZIP_PATH)}: ${r.files} files, ${(r.bytes / 1e6).toFixed(2)} MB (unzip, then serve the innodb-lab/ folder with any static server)\n`);
  } catch (e) {
    process.stderr.write(`[zip] ${e.message}\n`);
    process.exit(1);
  }
}
