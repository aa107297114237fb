// Entry of a bench child process (started by fork.mjs): reads one JSON input on stdin,
// runs the named task against a fresh wasm instance, prints one JSON result.
//   node scripts/bench/child.mjs <wasm-run | btree-run | memory-build | memory-hour>
import fs from 'node:fs';
import { btreeRun } from './btree-run.mjs';
import { buildMemory, hourMemory } from './memory-tasks.mjs';
import { loadWasm, runWasm } from './wasm-node.mjs';

const tasks = {
  'wasm-run': (w, { json }) => ({ ...runWasm(w.pkg, json), memoryBytes: w.memory.buffer.byteLength }),
  'btree-run': (w, input) => btreeRun(w, input),
  'memory-build': (w, input) => buildMemory(w, input),
  'memory-hour': (w, input) => hourMemory(w, input),
};

const task = tasks[process.argv[2]];
if (!task) {
  process.stderr.write(`unknown task ${process.argv[2]}; one of ${Object.keys(tasks).join(', ')}\n`);
  process.exit(2);
}
const input = JSON.parse(fs.readFileSync(0, 'utf8'));
const w = await loadWasm();
const result = w.missing ? w : await task(w, input);
process.stdout.write(JSON.stringify(result));
