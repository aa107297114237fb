// Which experiment the panel shows for a step (pure): the main experiment of the nearest
// step at or above it that has any; before the first one, the lesson's first experiment.
// A step's main experiment is the one its quiz asks the reader to run (`after`), else its
// first: a later block in the same step is a follow-up the reader opens from its button.

import type { ExperimentSpec, Lesson } from './types';

export interface PlacedExperiment {
  step: number; // 0-based step index
  experiment: ExperimentSpec;
  /** True for the experiment its step's quiz names (`after`). */
  quizzed?: boolean;
}

export function experimentsOf(lesson: Lesson): PlacedExperiment[] {
  const out: PlacedExperiment[] = [];
  lesson.steps.forEach((s, step) => {
    const asked = new Set(s.blocks.flatMap((b) => (b.kind === 'quiz' && b.quiz.after ? [b.quiz.after] : [])));
    for (const b of s.blocks) {
      if (b.kind === 'experiment') out.push({ step, experiment: b.experiment, quizzed: asked.has(b.experiment.id) });
    }
  });
  return out;
}

export function activeExperimentFor(placed: PlacedExperiment[], step: number): ExperimentSpec | undefined {
  let at = -1;
  for (const p of placed) if (p.step <= step) at = Math.max(at, p.step);
  if (at < 0) return placed[0]?.experiment;
  const own = placed.filter((p) => p.step === at);
  return (own.find((p) => p.quizzed) ?? own[0]).experiment;
}
