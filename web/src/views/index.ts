// Public views: B+tree, buffer pool, counters table, table sizes, client threads, the
// adaptive hash index, SHOW ENGINE INNODB STATUS, the sysbench report, the redo log
// and the query cache. Import from here.
export { BTreeView, type BTreeViewProps } from './btree/BTreeView';
export type { PageRecords } from './btree/records';
export { BufferPoolView, type BufferPoolViewProps } from './bufferPool/BufferPoolView';
export { MetricsTable, type MetricsTableProps } from './metrics/MetricsTable';
export { SizeTable, type SizeTableProps } from './sizes/SizeTable';
export type { SizeReference } from './sizes/layout';
export { ThreadsView, type ThreadsViewProps } from './threads/ThreadsView';
export { ThreadLanes, type ThreadLanesProps } from './threads/ThreadLanes';
export { AhiView, type AhiViewProps } from './ahi/AhiView';
export { StatusView, type StatusViewProps } from './status/StatusView';
export { SysbenchReport, type SysbenchReportProps } from './sysbench/SysbenchReport';
export { RedoView, type RedoViewProps } from './redo/RedoView';
export { QueryCacheView, type QueryCacheViewProps } from './qc/QueryCacheView';
