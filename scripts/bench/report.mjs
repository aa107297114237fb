// Rows of the bench report: each figure next to its goal with pass / short (and by how
// much) / info / missing; the Markdown table and bench-results/bench.json.
import fs from 'node:fs';
import path from 'node:path';

/**
 * A row measured against a goal. `cmp` is '>=' or '<='; `show` formats a number;
 * `slack` is measurement noise forgiven past the goal (said in the goal column).
 * value null/undefined -> "missing" with `note` as the reason.
 */
export function goalRow({ section, metric, value, goal, cmp, show, note, slack = 0, slackText }) {
  const goalText = `${cmp === '>=' ? '≥' : '≤'} ${show(goal)}${slack ? ` (${slackText ?? `± ${show(slack)}`})` : ''}`;
  if (value == null || !Number.isFinite(value)) return missingRow({ section, metric, note, goal: goalText });
  const ok = cmp === '>=' ? value >= goal - slack : value <= goal + slack;
  const gap = cmp === '>=' ? (goal - value) / goal : (value - goal) / goal;
  return {
    section,
    metric,
    value,
    display: show(value),
    goal: goalText,
    status: ok ? 'pass' : 'short',
    shortBy: ok ? 0 : gap,
    note,
  };
}

/** A figure reported for context, with no goal of its own. */
export function infoRow({ section, metric, value, show, display, note }) {
  if (display == null && (value == null || !Number.isFinite(value))) return missingRow({ section, metric, note, goal: '—' });
  return { section, metric, value: value ?? null, display: display ?? show(value), goal: '—', status: 'info', note };
}

/** A figure that could not be measured; `note` says why. */
export function missingRow({ section, metric, note, goal = '—' }) {
  return { section, metric, value: null, display: '—', goal, status: 'missing', note: note ?? 'not measured' };
}

/** "pass", "short by 23%", "info", "missing (why)". */
export function statusText(r) {
  if (r.status === 'short') return r.shortBy == null ? '**short**' : `**short** by ${Math.round(r.shortBy * 100)}%`;
  if (r.status === 'missing') return `missing (${r.note})`;
  return r.status;
}

/** The Markdown table of all rows, grouped by section. */
export function markdownTable(rows) {
  const esc = (s) => String(s).replace(/\|/g, '\\|');
  const lines = ['| Section | Metric | Value | Goal | Status |', '|---|---|---:|---:|---|'];
  for (const r of rows) lines.push(`| ${r.section} | ${esc(r.metric)} | ${esc(r.display)} | ${esc(r.goal)} | ${esc(statusText(r))} |`);
  return lines.join('\n');
}

/** Writes bench-results/bench.json (rows + every section's raw measurements). */
export function writeJson(file, { options, rows, details, started }) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const out = {
    date: new Date().toISOString(),
    wallSeconds: (performance.now() - started) / 1000,
    node: process.version,
    options,
    rows: rows.map(({ section, metric, value, display, goal, status, shortBy, note }) => ({ section, metric, value, display, goal, status, shortBy, note })),
    details,
  };
  fs.writeFileSync(file, JSON.stringify(out, null, 2) + '\n');
}
