// Section "memory": wasm linear memory (the instance's memory.buffer.byteLength), each
// figure in a fresh process (fork.mjs -> memory-tasks.mjs):
//  - each lesson's largest table: the most rows any of its experiments allows (knob
//    max), loaded by the prepare phase (table.prepare_rows) into each scenario file of
//    that experiment; after the build, and after the checkpoint the player takes at t = 0;
//  - an hour of virtual time: a scenario that keeps running (point selects on the
//    lesson's auto-increment table, an IO-bound setup so an hour is seconds of wall time),
//    with the player's checkpoint policy, capped in wall time.
import { log } from '../lib/util.mjs';
import { runChild } from './fork.mjs';
import { discoverLessons, largestScenario, scenarioText, withOverrides } from './lessons.mjs';
import { goalRow, infoRow, missingRow } from './report.mjs';
import { fmtMiB } from './stats.mjs';

const TAG = 'bench:memory';
const S = 'memory';
export const GOALS = { largestBytes: 256 * 2 ** 20 };
// web/src/player/snapshots.ts keeps 20 checkpoints and briefly holds a 21st.
const PLAYER_MAX_CHECKPOINTS = 21;
const WASM32_MAX = 4 * 2 ** 30;

/** The hour scenario, from a lesson file whose PK is auto_increment (point_select needs one). */
export function hourScenario(lessons) {
  for (const l of lessons) {
    for (const file of l.scenarioFiles) {
      const sc = JSON.parse(scenarioText(file));
      if (sc.workload?.id !== 'auto_increment') continue;
      const rows = largestScenario(l)?.experiment.overrides['workload.max_rows'] ?? 200_000;
      return {
        file,
        lesson: l.id,
        scenario: withOverrides(sc, {
          'workload.query': 'point_select',
          'workload.max_rows': 0,
          'table.prepare_rows': Math.min(Number(rows) || 200_000, 200_000),
          // A pool far smaller than the table and slow storage: every select waits for a
          // read, so an hour of virtual time is ~10M statements, not ~1B.
          'server.innodb_buffer_pool_pages': 64,
          'storage.read_latency_us': 5000,
          'run.duration_s': 3600,
        }),
      };
    }
  }
  return null;
}

/** Runs the section; resolves { rows, details }. */
export async function memorySection(ctx) {
  const { opts } = ctx;
  const rows = [];
  const details = { largest: [], hour: null };
  if (ctx.wasm.missing) return { rows: [missingRow({ section: S, metric: 'wasm linear memory', note: ctx.wasm.missing })], details };
  const lessons = discoverLessons();
  for (const lesson of lessons) {
    const big = largestScenario(lesson);
    if (!big) continue;
    const n = Math.round(big.rows / opts.memoryRowsDivisor);
    const label = `${n >= 1e6 ? `${n / 1e6}M` : `${n / 1e3}k`} rows`;
    for (const [side, file] of Object.entries(big.experiment.files)) {
      const scenario = withOverrides(JSON.parse(scenarioText(file)), {
        ...big.experiment.overrides,
        'workload.max_rows': n,
        'table.prepare_rows': n,
      });
      log(TAG, `${lesson.id} / ${big.experiment.id} ${side} (${file}): build ${label}`);
      const r = await runChild('memory-build', { json: JSON.stringify(scenario) }, { timeoutMs: 900_000 });
      details.largest.push({ lesson: lesson.id, experiment: big.experiment.id, side, file, rows: n, ...r });
      const metric = `${lesson.id} largest table (${big.experiment.id} ${side}, ${file}, ${label} prepared)`;
      const quickNote = opts.memoryRowsDivisor > 1 ? ' [--quick: 1/10 of the rows]' : '';
      rows.push(
        goalRow({
          section: S,
          metric: `${metric}: after build (${r.buildSeconds != null ? `${r.buildSeconds.toFixed(1)} s` : '—'})${quickNote}`,
          value: r.afterBuild,
          goal: GOALS.largestBytes,
          cmp: '<=',
          show: fmtMiB,
          note: r.missing,
        }),
      );
      rows.push(goalRow({ section: S, metric: `${metric}: + the player's t = 0 checkpoint${quickNote}`, value: r.afterSnapshot, goal: GOALS.largestBytes, cmp: '<=', show: fmtMiB, note: r.missing }));
      // Each checkpoint is a full copy of the engine; the player keeps up to 20 (+1 before thinning).
      const perCheckpoint = r.afterSnapshot - r.afterBuild;
      const projected = r.afterBuild + PLAYER_MAX_CHECKPOINTS * perCheckpoint;
      rows.push(
        infoRow({
          section: S,
          metric: `${metric}: one checkpoint (projected with the player's ${PLAYER_MAX_CHECKPOINTS}: ${fmtMiB(projected)}${projected > WASM32_MAX ? ', past the 4 GiB wasm32 limit' : ''})`,
          value: perCheckpoint,
          show: fmtMiB,
          note: r.missing,
        }),
      );
    }
  }
  const hour = hourScenario(lessons);
  if (!hour) rows.push(missingRow({ section: S, metric: 'Hour of virtual time', note: 'no auto_increment scenario to run point selects on' }));
  else {
    log(TAG, `hour of virtual time on ${hour.file} (point_select), wall cap ${opts.hourWallCapS} s`);
    const r = await runChild('memory-hour', { json: JSON.stringify(hour.scenario), wallCapS: opts.hourWallCapS }, { timeoutMs: (opts.hourWallCapS + 300) * 1000 });
    details.hour = { ...hour, ...r };
    const reached = r.reachedS != null ? `${Math.round(r.reachedS)} of ${Math.round(r.endS)} s virtual in ${r.wall.toFixed(1)} s wall` : '';
    rows.push(
      infoRow({
        section: S,
        metric: `Hour of virtual time (${hour.file} as point_select, ${hour.scenario.table.prepare_rows / 1000}k rows; ${reached}; ${r.snapshotsHeld ?? '—'} player checkpoints held; after build ${r.afterBuild ? fmtMiB(r.afterBuild) : '—'})`,
        value: r.atEnd,
        show: fmtMiB,
        note: r.missing,
      }),
    );
  }
  return { rows, details };
}
