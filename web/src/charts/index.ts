// Public charts: time series, leaf-fill histogram, threads bar, sweep bars, and the shared number
// formatting. Import from here, not from the files.
export { TimeSeriesChart, type TimeSeriesChartProps } from './timeSeries/TimeSeriesChart';
export type { SeriesInput, ReferenceLine, Highlight } from './timeSeries/layout';
export { FillHistogram, type FillHistogramProps } from './fillHistogram/FillHistogram';
export { ThreadsBar, type ThreadsBarProps } from './threadsBar/ThreadsBar';
export { SweepChart, type SweepChartProps } from './sweepChart/SweepChart';
export { formatBytes, formatCount, formatDecimal, formatFixed, formatPercent, formatSI, formatWithUnit } from './common/format';
