// The scenario's settings, grouped by the mechanism they drive, with the ranges the
// engine accepts (engine-wasm/scenario/src/validate.rs, read_parts.rs; checked against
// the engine by tests/wasm/scenarioFields.test.ts). The playground generates its form
// from this table; settings the engine has that the table does not name yet still show,
// under "Other settings" (otherFields).

export type FieldKind = 'int' | 'float' | 'bool' | 'choice';

export interface ScenarioField {
  path: string;
  label: string;
  group: string;
  kind: FieldKind;
  min?: number;
  max?: number;
  unit?: string;
  choices?: string[];
}

/** Groups in display order. */
export const FIELD_GROUPS = ['CPU and server', 'Buffer pool', 'Adaptive hash index', 'Latches', 'Redo log and flushing', 'Query cache', 'Storage and commit', 'Table', 'Workload', 'Run'] as const;

const f = (group: string, path: string, label: string, kind: FieldKind, extra: Partial<ScenarioField> = {}): ScenarioField => ({ group, path, label, kind, ...extra });

export const SCENARIO_FIELDS: ScenarioField[] = [
  f('CPU and server', 'server.cores', 'CPU cores', 'int', { min: 1, max: 256 }),
  f('CPU and server', 'seed', 'Random seed', 'int', { min: 0, max: 4294967295 }),
  f('Buffer pool', 'server.innodb_buffer_pool_pages', 'Buffer pool size', 'int', { min: 64, max: 1048576, unit: 'pages of 16 KiB: innodb_buffer_pool_size ÷ 16 KiB' }),
  f('Buffer pool', 'server.innodb_old_blocks_pct', 'innodb_old_blocks_pct', 'int', { min: 5, max: 95, unit: '%' }),
  f('Buffer pool', 'server.innodb_old_blocks_time_ms', 'innodb_old_blocks_time', 'int', { min: 0, max: 100000, unit: 'ms' }),
  f('Buffer pool', 'server.innodb_lru_scan_depth', 'innodb_lru_scan_depth', 'int', { min: 100, max: 1048576, unit: 'pages' }),
  f('Adaptive hash index', 'server.innodb_adaptive_hash_index', 'innodb_adaptive_hash_index', 'bool'),
  // The version picks the AHI's rules only (flushing has a field of its own): as "MySQL
  // version" under CPU and server, it read 8.0.30 beside a MySQL 5.5 flushing run.
  f('Adaptive hash index', 'server.version', 'MySQL version of the AHI', 'choice', { choices: ['5.7', '8.0.25', '8.0.30'], unit: 'a page build waits for a busy latch up to 8.0.25, skips from 8.0.30' }),
  f('Adaptive hash index', 'server.innodb_adaptive_hash_index_parts', 'innodb_adaptive_hash_index_parts', 'int', { min: 1, max: 512 }),
  f('Latches', 'server.innodb_sync_spin_loops', 'innodb_sync_spin_loops', 'int', { min: 0, max: 10000 }),
  f('Latches', 'server.innodb_spin_wait_delay', 'innodb_spin_wait_delay', 'int', { min: 0, max: 1000 }),
  f('Redo log and flushing', 'server.flushing', 'Who flushes, by which rule', 'choice', { choices: ['5.5', '5.6', '5.6-labs', '5.7', '8.0.30', 'percona-5.5-estimate', 'percona-5.5-keep_average'] }),
  f('Redo log and flushing', 'server.innodb_log_file_size_mb', 'innodb_log_file_size (up to 8.0.29)', 'int', { min: 1, max: 524288, unit: 'MiB' }),
  f('Redo log and flushing', 'server.innodb_log_files_in_group', 'innodb_log_files_in_group', 'int', { min: 2, max: 100 }),
  f('Redo log and flushing', 'server.innodb_redo_log_capacity_mb', 'innodb_redo_log_capacity (8.0.30)', 'int', { min: 2, max: 524288, unit: 'MiB' }),
  f('Redo log and flushing', 'server.innodb_io_capacity', 'innodb_io_capacity', 'int', { min: 100, max: 1000000, unit: 'pages/s' }),
  f('Redo log and flushing', 'server.innodb_io_capacity_max', 'innodb_io_capacity_max (≥ innodb_io_capacity)', 'int', { min: 100, max: 2000000, unit: 'pages/s' }),
  f('Redo log and flushing', 'server.innodb_adaptive_flushing', 'innodb_adaptive_flushing', 'bool'),
  f('Redo log and flushing', 'server.innodb_adaptive_flushing_lwm', 'innodb_adaptive_flushing_lwm', 'int', { min: 0, max: 70, unit: '% of the log' }),
  f('Redo log and flushing', 'server.innodb_max_dirty_pages_pct', 'innodb_max_dirty_pages_pct', 'int', { min: 0, max: 99, unit: '%' }),
  f('Redo log and flushing', 'server.innodb_max_dirty_pages_pct_lwm', 'innodb_max_dirty_pages_pct_lwm', 'int', { min: 0, max: 99, unit: '%' }),
  f('Redo log and flushing', 'server.innodb_flushing_avg_loops', 'innodb_flushing_avg_loops', 'int', { min: 1, max: 1000, unit: 'seconds' }),
  f('Redo log and flushing', 'server.innodb_flush_sync', 'innodb_flush_sync (5.7+)', 'bool'),
  f('Query cache', 'server.query_cache', 'Query cache (MySQL 5.7, conceptual Aurora, none)', 'choice', { choices: ['none', 'mysql', 'aurora'] }),
  f('Query cache', 'server.query_cache_type', 'query_cache_type', 'choice', { choices: ['OFF', 'ON', 'DEMAND'] }),
  f('Query cache', 'server.query_cache_size', 'query_cache_size', 'int', { min: 0, max: 17179869184, unit: 'bytes' }),
  f('Query cache', 'server.query_cache_limit', 'query_cache_limit', 'int', { min: 0, max: 1073741824, unit: 'bytes' }),
  f('Query cache', 'server.query_cache_min_res_unit', 'query_cache_min_res_unit', 'int', { min: 512, max: 1048576, unit: 'bytes' }),
  f('Storage and commit', 'storage.read_latency_us', 'Page read latency', 'int', { min: 1, max: 1000000, unit: 'µs' }),
  f('Storage and commit', 'storage.write_latency_us', 'Page write latency', 'int', { min: 1, max: 1000000, unit: 'µs' }),
  f('Storage and commit', 'storage.iops', 'Device IOPS', 'int', { min: 10, max: 10000000, unit: 'ops/s' }),
  f('Storage and commit', 'storage.commit_latency_us', 'Commit (redo fsync) latency', 'int', { min: 0, max: 1000000, unit: 'µs' }),
  f('Table', 'table.charset', 'Character set', 'choice', { choices: ['latin1', 'utf8mb4'] }),
  f('Table', 'table.prepare_rows', 'Rows loaded before the run', 'int', { min: 0, max: 5000000, unit: 'rows' }),
  f('Workload', 'workload.threads', 'Client threads', 'int', { min: 1, max: 4096 }),
  f('Workload', 'workload.query', 'Statement or transaction', 'choice', { choices: ['insert', 'point_select', 'secondary_select', 'select_random_points', 'oltp_read_only', 'read_write', 'oltp_lua'] }),
  f('Workload', 'workload.point_selects', 'Point selects per read_write transaction', 'int', { min: 0, max: 100 }),
  f('Workload', 'workload.rand_type', 'Random distribution (--rand-type)', 'choice', { choices: ['uniform', 'gaussian', 'special', 'pareto'] }),
  f('Workload', 'workload.table_size', 'Table size (--table-size)', 'int', { min: 1, max: 1073741824, unit: 'rows' }),
  f('Workload', 'workload.rate_tps', 'Fixed arrival rate (0 = each thread loops)', 'float', { min: 0, max: 10000000, unit: 'transactions/s' }),
  f('Workload', 'workload.select_hint', 'SELECT hint', 'choice', { choices: ['none', 'sql_cache', 'sql_no_cache'] }),
  f('Workload', 'workload.max_rows', 'Stop inserting at', 'int', { min: 0, max: 10000000, unit: 'rows; 0 = no limit' }),
  f('Run', 'run.duration_s', 'Duration', 'float', { min: 0.001, max: 86400, unit: 's simulated' }),
  f('Run', 'run.sample_ms', 'Sample every', 'int', { min: 1, max: 60000, unit: 'ms simulated' }),
];

/** Paths never shown as simple fields (structures edited in the JSON). */
const STRUCTURAL = new Set(['version']);

/**
 * Leaf settings (numbers, true/false, text choices) of the engine's default scenario that
 * the table does not name: new mechanisms' settings appear in the form without code here.
 */
export function otherFields(defaults: unknown): ScenarioField[] {
  const known = new Set(SCENARIO_FIELDS.map((x) => x.path));
  const out: ScenarioField[] = [];
  const walk = (v: unknown, path: string) => {
    if (Array.isArray(v)) return; // lists (columns, indexes, changes) are edited as JSON
    if (typeof v === 'object' && v !== null) {
      for (const [k, c] of Object.entries(v)) walk(c, path ? `${path}.${k}` : k);
      return;
    }
    if (known.has(path) || STRUCTURAL.has(path) || path.startsWith('table.name')) return;
    if (typeof v === 'boolean') out.push(f('Other settings', path, path, 'bool'));
    else if (typeof v === 'number') out.push(f('Other settings', path, path, Number.isInteger(v) ? 'int' : 'float'));
  };
  walk(defaults, '');
  return out;
}

/** A field's value as text for a message, or why it is refused (null when fine). */
export function fieldProblem(field: ScenarioField, text: string): string | null {
  if (field.kind === 'bool' || field.kind === 'choice') return null;
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v)) return `${field.label}: enter a number${field.min !== undefined ? ` from ${field.min} to ${field.max}` : ''}.`;
  if (field.kind === 'int' && !Number.isInteger(v)) return `${field.label}: enter a whole number.`;
  if (field.min !== undefined && (v < field.min || v > field.max!)) return `${field.label}: must be from ${field.min} to ${field.max}, got ${v}.`;
  return null;
}
