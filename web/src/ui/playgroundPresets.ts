// Presets for the playground: the engine's defaults, every experiment of every lesson
// (its scenario files with the block's overrides and knob defaults: A, and B for a pair),
// and the raw scenario files.

import { buildSims, knobText } from '../lessons/scenarios';
import { loadLesson, loadLessonIndex, loadScenarioText, scenarioFileNames } from '../lessons/registry';
import type { Speed } from '../player/speed';

export interface Preset {
  id: string;
  label: string;
  group: string;
  /** Scenario JSON texts: A, and B for a comparison. */
  load: () => Promise<{ A: string; B?: string; labels: [string, string?] }>;
  /** The speed the lesson plays it at (a slow-motion run of 3,000 rows at 0.001×): a run
   *  of it opens at that speed. Scenario files and the defaults open at 1×. */
  speed?: Speed;
}

const pretty = (json: string) => JSON.stringify(JSON.parse(json), null, 2);

export async function loadPresets(): Promise<Preset[]> {
  const out: Preset[] = [];
  const { lessons } = await loadLessonIndex();
  for (const meta of lessons) {
    const lesson = await loadLesson(meta.id);
    if (!lesson) continue;
    for (const s of lesson.steps)
      for (const b of s.blocks) {
        if (b.kind !== 'experiment') continue;
        const exp = b.experiment;
        out.push({
          id: `lesson:${meta.id}/${exp.id}`,
          label: `${knobText(exp.title, exp)}${exp.scenarios.B ? ' (A/B)' : ''}`,
          group: meta.title,
          speed: exp.speed,
          load: async () => {
            const files = [exp.scenarios.A.file, ...(exp.scenarios.B ? [exp.scenarios.B.file] : [])];
            const texts = Object.fromEntries(await Promise.all(files.map(async (f) => [f, await loadScenarioText(f)] as const)));
            const built = buildSims(exp, texts, {}, undefined);
            if (!built.sims) throw new Error(built.error ?? 'the experiment could not be built');
            const [a, bb] = built.sims;
            return { A: pretty(a.json), B: bb ? pretty(bb.json) : undefined, labels: [a.label, bb?.label] };
          },
        });
      }
  }
  for (const f of [...scenarioFileNames()].sort()) {
    out.push({
      id: `file:${f}`,
      label: f,
      // The same files the lessons start from, but as saved: without an experiment's
      // overrides and knob defaults (listed twice otherwise, with no word on the difference).
      group: "Scenario files as saved, without a lesson's settings (lessons/scenarios/)",
      load: async () => ({ A: pretty((await loadScenarioText(f)) ?? '{}'), labels: [f] }),
    });
  }
  return out;
}
