// Section "btree": the engine's storage B+tree (WASM) against the `sorted-btree` npm
// package in the same Node process (btree-run.mjs), on identical keys in identical
// order. Insert and lookup timed separately; median of runs, each in a fresh process.
import { log } from '../lib/util.mjs';
import { runChild } from './fork.mjs';
import { goalRow, infoRow, missingRow } from './report.mjs';
import { fmtRate, fmtX, median } from './stats.mjs';
import { TEMPLATE } from './btree-run.mjs';

const TAG = 'bench:btree';
const S = 'btree';
export const GOALS = { speedup: 2 };

/** Runs the section; resolves { rows, details }. */
export async function btreeSection(ctx) {
  const { opts } = ctx;
  const n = opts.btreeKeys;
  const label = `${n >= 1e6 ? `${n / 1e6}M` : `${n / 1e3}k`} random ids`;
  if (ctx.wasm.missing) return { rows: [missingRow({ section: S, metric: 'B+tree vs sorted-btree', note: ctx.wasm.missing })], details: null };
  log(TAG, `${n.toLocaleString('en-US')} template ids: ${opts.btreeRuns} run(s), engine (WASM) and sorted-btree, fresh process each`);
  const runs = [];
  for (let i = 0; i < opts.btreeRuns; i++) {
    // Alternate who goes first, so neither always inherits the other's garbage.
    const r = await runChild('btree-run', { n, seed: 42, first: i % 2 ? 'peer' : 'engine' });
    if (r.missing) return { rows: [missingRow({ section: S, metric: 'B+tree vs sorted-btree', note: r.missing })], details: null };
    runs.push(r);
  }
  const m = (who, f) => median(runs.map((r) => r[who][f]));
  const e = { insertS: m('engine', 'insertS'), lookupS: m('engine', 'lookupS'), ...pick(runs[0].engine) };
  const p = { insertS: m('peer', 'insertS'), lookupS: m('peer', 'lookupS'), ...pick(runs[0].peer) };
  const sane = e.inserted === p.inserted && e.found === e.inserted && p.found === p.inserted;
  const note = sane ? undefined : `trees disagree: engine ${e.inserted}/${e.found}, sorted-btree ${p.inserted}/${p.found}`;
  const rows = [];
  const timed = (s) => (v) => `${fmtRate(v)} (${(s * 1000).toFixed(0)} ms)`;
  for (const [what, f] of [
    ['insert', 'insertS'],
    ['lookup', 'lookupS'],
  ]) {
    rows.push(infoRow({ section: S, metric: `B+tree ${what}, ${label}: engine (WASM in Node)`, value: n / e[f], show: timed(e[f]) }));
    rows.push(infoRow({ section: S, metric: `B+tree ${what}, ${label}: sorted-btree (JS)`, value: n / p[f], show: timed(p[f]) }));
    rows.push(goalRow({ section: S, metric: `B+tree ${what}: engine / sorted-btree`, value: sane ? p[f] / e[f] : null, goal: GOALS.speedup, cmp: '>=', show: fmtX, note }));
  }
  return { rows, details: { keys: n, template: TEMPLATE, runs } };
}

function pick({ inserted, found, pages, height }) {
  return { inserted, found, pages, height };
}
