// Runs a Node-side measurement in a fresh process (scripts/bench/child.mjs): its own
// JS heap and its own wasm instance, so one figure does not pay for another's garbage
// or for memory a previous run already grew.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'child.mjs');

/** Resolves the task's JSON result, or { missing } on a crash, bad output or timeout. */
export function runChild(task, input, { timeoutMs = 600_000, nodeArgs = [] } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...nodeArgs, CHILD, task], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) {
        const why = signal ? `killed (${signal}${signal === 'SIGKILL' ? ', timeout' : ''})` : `exit ${code}`;
        return resolve({ missing: `${task} child ${why}: ${err.trim().split('\n').slice(-1)[0]?.slice(0, 200) ?? ''}` });
      }
      try {
        resolve(JSON.parse(out));
      } catch {
        resolve({ missing: `${task} child printed no JSON` });
      }
    });
    child.stdin.end(JSON.stringify(input));
  });
}
