// The data model of a lesson after parsing: front matter, steps, and the validated
// experiment and quiz blocks.

import type { SweepMetric } from '../engine/frames';

/**
 * Views an experiment may show (names used in lesson files): the B+tree, the buffer pool,
 * client threads (bar + swimlanes), the adaptive hash index, the leaf fill histogram,
 * the redo log and flush list, the query cache (strip and lock), charts, the sysbench report, SHOW ENGINE INNODB STATUS,
 * table sizes, counters.
 */
export const VIEW_NAMES = ['btree', 'pool', 'fill-histogram', 'sizes', 'metrics', 'charts', 'threads', 'ahi', 'redo', 'qc', 'status', 'sysbench'] as const;
export type ViewName = (typeof VIEW_NAMES)[number];

export interface LessonSource {
  title: string;
  url?: string;
}

export interface LessonMeta {
  id: string;
  title: string;
  summary: string;
  order: number;
  sources: LessonSource[];
  file: string; // "lessons/primary-keys.md", for messages
}

/** Scenario paths to values, as set by an experiment's `overrides` (and a side's). */
export type OverrideMap = Record<string, number | string | boolean>;

export interface ScenarioRef {
  label: string;
  file: string; // name inside lessons/scenarios/
  /**
   * This side's own overrides (`scenarios.B.overrides` in the block), set after the
   * experiment's `overrides` and before the knobs: e.g. A and B one file, B with the
   * query cache off. Absent when the block gives none.
   */
  overrides?: OverrideMap;
}

export interface ChartSpec {
  column: string; // series column name (WASM_API.md)
  label: string;
  unit: string;
  /** `inScale`: the axis reaches the reference even when it dwarfs the data (the point is how far below it the data stays). */
  reference?: { value: number; label: string; inScale?: boolean };
  /** Other columns drawn as dotted threshold lines (e.g. the async and sync points). */
  limits?: { column: string; label: string }[];
  /** Shade where `column` > `above` (e.g. "age past the sync point"); `highlight` in the block. */
  highlight?: { column: string; above: number; label: string };
  /**
   * false: the y axis spans the data, not from 0 (`from_zero: false` in the block), for a
   * small difference between high values (31.4 against 31.9 µs was a hair's breadth).
   */
  fromZero?: false;
}

export interface KnobSpec {
  path: string; // JSON path into the scenario
  label: string;
  min: number;
  max: number;
  step: number;
  default: number;
  unit?: string;
  scale: 'linear' | 'log';
  /** An on/off knob for a boolean scenario field: min 0, max 1, step 1; 1 sets true. */
  toggle?: boolean;
  /** More scenario paths the knob sets to the same value, as one sysbench option sets
   *  two things (`--table-size`: the rows loaded and the range the ids are drawn from). */
  also?: string[];
}

/** The article's per-table figures shown beside the simulated sizes (SizeTable). */
export interface SizeReferenceSpec {
  table: string;
  dataPerRow: number;
  indexPerRow: number;
  totalRatio: number;
  rows?: number;
}

/** One value of a sweep: set at `path`, or a mapping of scenario paths to values (e.g. "off"). */
export type SweepValueSpec = number | string | boolean | Record<string, number | string | boolean>;

/**
 * `sweep` in an experiment block: run A (and B) once per value of one scenario field, one
 * run after another in the worker, and chart a SweepRow metric by value.
 */
export interface SweepSpec {
  path: string;
  values: SweepValueSpec[];
  /** One per value, for the chart's axis ("off", "64 MB", …). */
  labels: string[];
  /** run.duration_s of every run (simulated seconds). */
  runS: number;
  /** The SweepRow field charted (frames.ts SWEEP_METRICS); default selectsPerS. */
  metric: SweepMetric;
  /** Axis title and unit of the metric. */
  title: string;
  unit: string;
  /** More SweepRow fields shown in the table, per side, after the metric (`table` in the block; default none). */
  table: SweepMetric[];
  /** The article's figures beside the simulated ones, one per value (null = none given). */
  reference?: { label: string; A?: (number | null)[]; B?: (number | null)[] };
}

export interface ExperimentSpec {
  id: string;
  title: string;
  scenarios: { A: ScenarioRef; B?: ScenarioRef };
  overrides: OverrideMap;
  views: ViewName[];
  charts: ChartSpec[];
  knobs: KnobSpec[];
  speed: number | 'max';
  seed?: number;
  sizeReference?: SizeReferenceSpec[]; // `size_reference` in the block
  sweep?: SweepSpec;
  /**
   * `fill_index` in the block: the index the Leaf page fill view shows first (PRIMARY
   * or a secondary index's name; default PRIMARY). The reader can pick another.
   */
  fillIndex?: string;
}

export interface QuizSpec {
  id: string;
  question: string;
  choices: string[];
  answer: number; // index into choices
  explain: string;
  after?: string; // experiment id to run before the answer shows
}

/** A ```focus block: one view of the step's experiment panel (a chart by its column). */
export interface FocusSpec {
  view: ViewName;
  /** With `view: charts`, the chart of this column (else the first chart). */
  chart?: string;
  /** With `view: metrics`, the counter's row (the table is ~60 rows long). */
  counter?: string;
}

export type Block =
  | { kind: 'prose'; markdown: string }
  | { kind: 'experiment'; experiment: ExperimentSpec; line?: number }
  | { kind: 'quiz'; quiz: QuizSpec; line?: number }
  /** Speaker notes (Markdown) for presenter mode; not shown on the lesson page. */
  | { kind: 'notes'; markdown: string }
  /** The view of the panel this step is about: the panel scrolls to it when the step opens. */
  | { kind: 'focus'; focus: FocusSpec; line?: number }
  | { kind: 'invalid'; what: string; messages: string[] };

export interface Step {
  title: string;
  blocks: Block[];
}

export interface Lesson {
  meta: LessonMeta;
  steps: Step[];
  /** Every problem found, each naming the file, block and field. */
  errors: string[];
}
