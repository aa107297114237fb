// Loads the structure views and charts (owned by the views engineer) as one lazy chunk,
// so d3-heavy code stays out of the first download.

type Views = typeof import('../views/index');
type Charts = typeof import('../charts/index');

/** Everything the panel draws with. */
export type ViewComponents = Pick<
  Views,
  'BTreeView' | 'BufferPoolView' | 'MetricsTable' | 'SizeTable' | 'ThreadsView' | 'AhiView' | 'StatusView' | 'SysbenchReport' | 'RedoView' | 'QueryCacheView'
> &
  Pick<Charts, 'TimeSeriesChart' | 'FillHistogram' | 'ThreadsBar' | 'SweepChart'>;

let cached: Promise<ViewComponents> | null = null;

export function loadViewComponents(): Promise<ViewComponents> {
  cached ??= Promise.all([import('../views/index'), import('../charts/index')]).then(([v, c]) => ({
    BTreeView: v.BTreeView,
    BufferPoolView: v.BufferPoolView,
    MetricsTable: v.MetricsTable,
    SizeTable: v.SizeTable,
    ThreadsView: v.ThreadsView,
    AhiView: v.AhiView,
    StatusView: v.StatusView,
    SysbenchReport: v.SysbenchReport,
    RedoView: v.RedoView,
    QueryCacheView: v.QueryCacheView,
    TimeSeriesChart: c.TimeSeriesChart,
    FillHistogram: c.FillHistogram,
    ThreadsBar: c.ThreadsBar,
    SweepChart: c.SweepChart,
  }));
  cached.catch(() => (cached = null)); // a failed chunk load may be retried
  return cached;
}
