// Public views: B+tree, buffer pool, counters table, table sizes. Import from here.
export { BTreeView, type BTreeViewProps } from './btree/BTreeView';
export type { PageRecords } from './btree/records';
export { BufferPoolView, type BufferPoolViewProps } from './bufferPool/BufferPoolView';
export { MetricsTable, type MetricsTableProps } from './metrics/MetricsTable';
export { SizeTable, type SizeTableProps } from './sizes/SizeTable';
export type { SizeReference } from './sizes/layout';
