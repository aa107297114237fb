// The heading of each view of an experiment panel, shared by the panel (PanelViews) and
// by what points at a view from a step's text (the focus button, lessons/panelFocus.ts).

import type { ExperimentSpec, FocusSpec, ViewName } from '../lessons/types';

export const VIEW_TITLES: Record<ViewName, string> = {
  btree: 'B+tree (clustered index)',
  pool: 'Buffer pool',
  threads: 'Client threads',
  ahi: 'Adaptive hash index',
  redo: 'Redo log',
  qc: 'Query cache',
  'fill-histogram': 'Leaf page fill',
  charts: 'Charts',
  sysbench: 'sysbench report',
  status: 'SHOW ENGINE INNODB STATUS',
  sizes: 'Table sizes',
  metrics: 'Counters',
};

/** What a step's focus points at, as the panel heads it: a chart's label, a counter's row, a view. */
export function focusTitle(focus: FocusSpec, experiment: ExperimentSpec | undefined): string {
  if (focus.view === 'charts') {
    const charts = experiment?.charts ?? [];
    const chart = focus.chart !== undefined ? charts.find((c) => c.column === focus.chart) : charts[0];
    if (chart) return chart.label;
  }
  if (focus.view === 'metrics' && focus.counter !== undefined) return `${focus.counter} (Counters)`;
  return VIEW_TITLES[focus.view];
}
