// Which experiment the panel shows for a step (pure): the nearest experiment block at or
// above the step; before the first one, the first experiment of the lesson.

import type { ExperimentSpec, Lesson } from './types';

export interface PlacedExperiment {
  step: number; // 0-based step index
  experiment: ExperimentSpec;
}

export function experimentsOf(lesson: Lesson): PlacedExperiment[] {
  const out: PlacedExperiment[] = [];
  lesson.steps.forEach((s, step) => {
    for (const b of s.blocks) if (b.kind === 'experiment') out.push({ step, experiment: b.experiment });
  });
  return out;
}

export function activeExperimentFor(placed: PlacedExperiment[], step: number): ExperimentSpec | undefined {
  let found: ExperimentSpec | undefined;
  for (const p of placed) if (p.step <= step) found = p.experiment;
  return found ?? placed[0]?.experiment;
}
