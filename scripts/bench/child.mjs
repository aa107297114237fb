// Entry of a bench child process (started by fork.mjs): reads one JSON input on stdin,
// runs the named task against a fresh wasm instance, prints one JSON result.
//   node scripts/bench/child.mjs <wasm-run | btree-run | memory-build | memory-hour>
import fs from 'node:fs';
import { btreeRun } from './btree-run.mjs';
import { buildMemory, hourMemory } from './memory-tasks.mjs';
import { loadWasm, runWasm, SHORT_RUN_S, warmRuns } from './wasm-node.mjs';

/** A run shorter than SHORT_RUN_S mostly measures V8 compiling the module (Liftoff first,
 *  TurboFan as functions get hot): repeat it in this instance (see warmRuns) and report
 *  the median warm run. */
function warmRun(w, json) {
  const first = runWasm(w.pkg, json);
  if (first.missing || !(first.wall < SHORT_RUN_S)) return first;
  return warmRuns(() => runWasm(w.pkg, json), first);
}

const tasks = {
  'wasm-run': (w, { json }) => ({ ...warmRun(w, json), memoryBytes: w.memory.buffer.byteLength }),
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
