// Which experiment the panel shows for a step (pure): the main experiment of the nearest
// step at or above it that has any; before the first one, the lesson's first experiment.
// A step's main experiment is the one its quiz asks the reader to run (`after`), else its
// first: a later block in the same step is a follow-up the reader opens from its button.

import { parseUrlState, type UrlParseResult, type UrlStateContext } from '../ui/urlState';
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

/**
 * Parses a lesson address whose knob values belong to the experiment it shows: its `x`,
 * else its step's. A knob value is the reader's setting of one experiment: "Rows to
 * insert 20,000" set in step 3 made step 4's 200,000-row comparison run with 20,000 (the
 * values were shared by path across every experiment of the page). Ranges and messages
 * are that experiment's (a merged range said 500 was allowed where 1,000 was the least).
 */
export function parseLessonAddress(
  query: string,
  placed: PlacedExperiment[],
  ctx: Omit<UrlStateContext, 'knobs' | 'knobsElsewhere'>,
): { parsed: UrlParseResult; experiment: ExperimentSpec | undefined } {
  const all = placed.flatMap((p) => p.experiment.knobs);
  const first = parseUrlState(query, { ...ctx, knobs: all });
  const { step, x } = first.state;
  const experiment = (x !== undefined ? placed.find((p) => p.experiment.id === x)?.experiment : undefined) ?? activeExperimentFor(placed, (step ?? 1) - 1);
  if (!experiment) return { parsed: first, experiment };
  const own = new Set(experiment.knobs.map((k) => k.path));
  const elsewhere = [...new Set(all.map((k) => k.path).filter((p) => !own.has(p)))];
  return { parsed: parseUrlState(query, { ...ctx, knobs: experiment.knobs, knobsElsewhere: elsewhere }), experiment };
}
