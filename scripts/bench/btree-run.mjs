// One B+tree run (in a child process, see fork.mjs): N random sysbench template ids
// ("###########-###########", seeded) go into the engine's storage B+tree (WASM, the
// BtreeBench handle of api.rs / engine-wasm/src/bench.rs) and into `sorted-btree`, in
// the same order; then every key is looked up in each. Returns the four timings.

export const TEMPLATE = '###########-###########';

/** N template ids, seeded (mulberry32): one byte buffer and the same keys as strings. */
export function templateKeys(n, seed = 42) {
  let a = seed >>> 0;
  const rand = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const len = TEMPLATE.length;
  const bytes = new Uint8Array(n * len);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < len; j++) bytes[i * len + j] = TEMPLATE[j] === '#' ? 48 + Math.floor(rand() * 10) : TEMPLATE.charCodeAt(j);
  }
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const strings = new Array(n);
  for (let i = 0; i < n; i++) strings[i] = buf.toString('latin1', i * len, (i + 1) * len);
  return { bytes, strings, keyLen: len };
}

function engineRun(pkg, keys) {
  const b = new pkg.BtreeBench(keys.bytes, keys.keyLen);
  try {
    const t0 = performance.now();
    const inserted = b.insert_all();
    const t1 = performance.now();
    const found = b.lookup_all();
    const t2 = performance.now();
    return { inserted, found, insertS: (t1 - t0) / 1000, lookupS: (t2 - t1) / 1000, pages: b.pages(), height: b.height() };
  } finally {
    b.free();
  }
}

function peerRun(BTree, keys) {
  const tree = new BTree();
  const { strings } = keys;
  const t0 = performance.now();
  for (let i = 0; i < strings.length; i++) tree.set(strings[i], i);
  const t1 = performance.now();
  let found = 0;
  for (let i = 0; i < strings.length; i++) if (tree.get(strings[i]) !== undefined) found++;
  const t2 = performance.now();
  return { inserted: tree.size, found, insertS: (t1 - t0) / 1000, lookupS: (t2 - t1) / 1000 };
}

/** Both trees on the same keys; `first` picks which runs first ('engine' | 'peer'). */
export async function btreeRun({ pkg, memory }, { n, seed = 42, first = 'engine' }) {
  if (typeof pkg.BtreeBench !== 'function') return { missing: 'pkg has no BtreeBench (rebuild the engine)' };
  let BTree;
  try {
    const mod = await import('sorted-btree');
    BTree = typeof mod.default === 'function' ? mod.default : mod.default?.default; // CommonJS interop
  } catch {
    return { missing: 'sorted-btree is not installed' };
  }
  const keys = templateKeys(n, seed);
  let engine;
  let peer;
  if (first === 'engine') {
    engine = engineRun(pkg, keys);
    peer = peerRun(BTree, keys);
  } else {
    peer = peerRun(BTree, keys);
    engine = engineRun(pkg, keys);
  }
  return { engine, peer, memoryBytes: memory.buffer.byteLength };
}
