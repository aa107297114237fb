// What an experiment panel says while its simulations are being created. A scenario
// with a large prepared table spends seconds loading it (every row goes through the
// B+tree and the buffer pool, as `sysbench prepare` does before a run), and a reader
// looking at "Starting…" for five seconds deserves to know why.

/** Prepared rows from which the panel explains the wait. */
const PREPARE_NOTE_ROWS = 100_000;

/** The prepared rows of one scenario JSON text (all its tables), and where they go. */
function prepared(json: string): { rows: number; tables: number; name: string } {
  try {
    const t = (JSON.parse(json) as { table?: { prepare_rows?: unknown; count?: unknown; name?: unknown } })?.table;
    const perTable = Number(t?.prepare_rows ?? 0);
    const tables = Math.max(1, Math.floor(Number(t?.count ?? 1)) || 1);
    const rows = Number.isFinite(perTable) && perTable > 0 ? perTable * tables : 0;
    return { rows, tables, name: typeof t?.name === 'string' ? t.name : '' };
  } catch {
    // A bad scenario is reported by the engine, with the field; nothing to add here.
    return { rows: 0, tables: 1, name: '' };
  }
}

/** The line shown while the panel's simulations (`jsons`: A[, B]) are created. */
export function startingText(jsons: readonly string[] | null): string {
  const list = jsons ?? [];
  const biggest = list.map(prepared).reduce((a, b) => (b.rows > a.rows ? b : a), { rows: 0, tables: 1, name: '' });
  if (biggest.rows < PREPARE_NOTE_ROWS) return 'Starting the simulation…';
  const where = biggest.tables > 1 ? `${biggest.tables} tables` : biggest.name ? biggest.name : 'the table';
  const each = list.length > 1 ? ', for A and then for B' : '';
  return `Starting the simulation: loading ${biggest.rows.toLocaleString('en-US')} rows into ${where}${each}, as sysbench prepare does before a run. This takes a few seconds…`;
}
