// Command-line flags of `npm run bench` (scripts/bench.mjs), parsed once.
//
//   --quick            fewer runs and smaller sizes: a fast check, not a measurement
//   --only a,b         run only these sections: speed, btree, frames, load, memory
//   --runs N           runs per figure (median); default 5 (speed, load), 3 (headline, btree)
//   --rows N           rows of the headline random-PK insert run (default 1,000,000)
//   --no-build         use the engine, CLI and web/dist as they are
//   --strict           exit 1 when any row is short or missing
export const SECTIONS = ['speed', 'btree', 'frames', 'load', 'memory'];

/** Parses `argv` (without node and the script); throws on an unknown section. */
export function parseOptions(argv) {
  const value = (name) => {
    const i = argv.indexOf(name);
    return i >= 0 && argv[i + 1] && !argv[i + 1].startsWith('--') ? argv[i + 1] : undefined;
  };
  const num = (name, def) => {
    const v = Number(value(name));
    return Number.isFinite(v) && v > 0 ? Math.round(v) : def;
  };
  const quick = argv.includes('--quick');
  const only = (value('--only') ?? SECTIONS.join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = only.filter((s) => !SECTIONS.includes(s));
  if (unknown.length) throw new Error(`--only: unknown section(s) ${unknown.join(', ')}; choose from ${SECTIONS.join(', ')}`);
  const runs = value('--runs') !== undefined ? num('--runs', 1) : undefined;
  return {
    quick,
    sections: new Set(only),
    build: !argv.includes('--no-build'),
    strict: argv.includes('--strict'),
    // Engine speed: each lesson scenario, and the 1M random-PK insert headline.
    speedRuns: runs ?? (quick ? 1 : 5),
    headlineRuns: runs ?? (quick ? 1 : 3),
    headlineRows: num('--rows', quick ? 200_000 : 1_000_000),
    // B+tree against sorted-btree.
    btreeKeys: quick ? 200_000 : 1_000_000,
    btreeRuns: runs ?? (quick ? 1 : 3),
    // Frame budget: seconds of play per experiment step.
    frameSeconds: quick ? 2 : 5,
    // Load: cold page loads.
    loadRuns: runs ?? (quick ? 2 : 5),
    // Memory: rows of each lesson's largest scenario are divided by this in --quick.
    memoryRowsDivisor: quick ? 10 : 1,
    // Hour-equivalent run: wall-time cap in seconds.
    hourWallCapS: quick ? 15 : 120,
  };
}
