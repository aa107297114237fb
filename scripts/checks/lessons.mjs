// `npm run lessons:check` (and the `lessons` step of `npm test`; counts as 1 check).
// 1. Structure of lessons/*.md, read directly:
//   - YAML front matter with id (= file name), title, summary, order (number), sources (list)
//   - ids and orders unique; at least one `## ` step heading
//   - every ```experiment / ```quiz block parses as YAML (JSON is YAML); fences closed
//   - lessons/scenarios/*.json parse as JSON
// 2. Against the engine (web/src/lessons/check.ts, loaded through Vite; the wasm package
//    is built first when missing): front matter fields, every block's fields, quiz
//    answers and `after` references, each experiment's scenarios with its overrides and
//    every knob at default/min/max through the engine's validate_scenario(), chart
//    columns. Every message names the file and line ("lessons/x.md:42: …").
// Running every lesson to completion is the fidelity tests' job (tests/).
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { report } from '../lib/check.mjs';
import { ROOT, run } from '../lib/util.mjs';

const DIR = path.join(ROOT, 'lessons');
const errors = [];
const err = (file, msg) => errors.push(`${path.relative(ROOT, file)}: ${msg}`);

function checkLesson(file, seen) {
  const text = fs.readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  const fm = text.match(/^---\n([\s\S]*?)\n---\n/);
  if (!fm) return err(file, 'no YAML front matter (--- … ---) at the top');
  let meta;
  try {
    meta = parse(fm[1]);
  } catch (e) {
    return err(file, `front matter is not valid YAML: ${e.message.split('\n')[0]}`);
  }
  if (!meta || typeof meta !== 'object') return err(file, 'front matter is not a mapping');
  const id = path.basename(file, '.md');
  if (meta.id !== id) err(file, `front matter id must equal the file name ("${id}"), got ${JSON.stringify(meta.id)}`);
  for (const k of ['title', 'summary']) {
    if (typeof meta[k] !== 'string' || !meta[k].trim()) err(file, `front matter needs a non-empty "${k}"`);
  }
  if (typeof meta.order !== 'number') err(file, 'front matter needs a numeric "order"');
  if (!Array.isArray(meta.sources)) err(file, 'front matter needs "sources" (a list)');
  for (const [key, value] of [['id', meta.id], ['order', meta.order]]) {
    if (value === undefined) continue;
    const other = seen[key].get(value);
    if (other) err(file, `duplicate ${key} ${JSON.stringify(value)} (also in ${other})`);
    else seen[key].set(value, path.basename(file));
  }

  const body = text.slice(fm[0].length);
  const lines = body.split('\n');
  let steps = 0;
  let fence = null; // { marker, lang, start, lines }
  lines.forEach((line, i) => {
    const lineNo = i + 1 + fm[0].split('\n').length - 1;
    if (fence) {
      if (line.trim() === fence.marker) {
        if (fence.lang === 'experiment' || fence.lang === 'quiz') {
          try {
            const v = parse(fence.lines.join('\n'));
            if (!v || typeof v !== 'object') err(file, `line ${fence.start}: \`\`\`${fence.lang} block is not a mapping/list`);
          } catch (e) {
            err(file, `line ${fence.start}: \`\`\`${fence.lang} block is not valid YAML/JSON: ${e.message.split('\n')[0]}`);
          }
        }
        fence = null;
      } else fence.lines.push(line);
      return;
    }
    const open = line.match(/^(`{3,}|~{3,})\s*([\w-]*)/);
    if (open) fence = { marker: open[1], lang: open[2], start: lineNo, lines: [] };
    else if (/^## \S/.test(line)) steps += 1;
  });
  if (fence) err(file, `line ${fence.start}: unclosed \`\`\`${fence.lang} fence`);
  if (steps === 0) err(file, 'no `## ` step headings');
}

let lessons = 0;
let scenarios = 0;
if (fs.existsSync(DIR)) {
  const seen = { id: new Map(), order: new Map() };
  for (const name of fs.readdirSync(DIR).sort()) {
    if (!name.endsWith('.md') || /^(readme|_)/i.test(name)) continue;
    lessons += 1;
    checkLesson(path.join(DIR, name), seen);
  }
  const sdir = path.join(DIR, 'scenarios');
  if (fs.existsSync(sdir)) {
    for (const name of fs.readdirSync(sdir).filter((n) => n.endsWith('.json'))) {
      scenarios += 1;
      try {
        JSON.parse(fs.readFileSync(path.join(sdir, name), 'utf8'));
      } catch (e) {
        err(path.join(sdir, name), `not valid JSON: ${e.message}`);
      }
    }
  }
}
// 2. Against the engine.
async function engineCheck() {
  const pkg = path.join(ROOT, 'web/src/engine/pkg');
  if (!fs.existsSync(path.join(pkg, 'innodb_lab_bg.wasm'))) {
    const { code } = await run(process.execPath, [path.join(ROOT, 'scripts/build-engine.mjs'), '--release']);
    if (code !== 0) return errors.push('the engine could not be built, so experiments were not checked against it (node scripts/build-engine.mjs)');
  }
  const { runnerImport } = await import('vite');
  const { module: check } = await runnerImport(path.join(ROOT, 'web/src/lessons/check.ts'), { configFile: false, logLevel: 'error' });
  const wasm = await import(path.join(pkg, 'innodb_lab.js'));
  wasm.initSync({ module: fs.readFileSync(path.join(pkg, 'innodb_lab_bg.wasm')) });
  const probe = JSON.parse(wasm.default_scenario_json());
  const sim = new wasm.Simulation(JSON.stringify({ ...probe, run: { ...probe.run, duration_s: 0.01 } }));
  const columns = JSON.parse(sim.series_columns_json());
  sim.free();
  const lessonFiles = fs.readdirSync(DIR).filter((n) => n.endsWith('.md') && !/^(readme|_)/i.test(n)).sort();
  const sdir = path.join(DIR, 'scenarios');
  const texts = Object.fromEntries(fs.readdirSync(sdir).filter((n) => n.endsWith('.json')).map((n) => [n, fs.readFileSync(path.join(sdir, n), 'utf8')]));
  const lessonsIn = lessonFiles.map((n) => ({ file: `lessons/${n}`, text: fs.readFileSync(path.join(DIR, n), 'utf8') }));
  errors.push(...check.checkLessons(lessonsIn, texts, { validate: wasm.validate_scenario, columns, indexNames: check.indexNamesVia(wasm.Simulation) }));
}
if (fs.existsSync(DIR)) {
  try {
    await engineCheck();
  } catch (e) {
    errors.push(`the engine check could not run: ${e?.message ?? e}`);
  }
}

for (const e of [...new Set(errors)]) process.stderr.write(`  ${e}\n`);
report('lessons', errors.length ? 0 : 1, errors.length ? 1 : 0,
  `${lessons} lesson(s), ${scenarios} scenario file(s)${errors.length ? `, ${errors.length} problem(s)` : ''}`);
