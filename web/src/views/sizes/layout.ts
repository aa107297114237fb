// Pure layout of the table-size comparison (information_schema.TABLES style): per side
// and table, bytes and bytes/row; total-size ratios; the article's figures beside them.
import type { Summary } from '../../engine/frames';

/** The article's measured figures for one table (bytes per row are scale-free). */
export interface SizeReference {
  table: string;
  dataPerRow: number;
  indexPerRow: number;
  /** Total size relative to the smallest table of the comparison (e.g. 2.24). */
  totalRatio: number;
  /** Rows in the article's table, to state the scale (e.g. 1_586_250_000). */
  rows?: number;
}

export interface SizeRow {
  side: string;
  table: string;
  rows: number;
  data: number; // bytes
  dataPerRow: number;
  idx: number; // bytes
  idxPerRow: number;
  total: number;
  idxFrac: number; // index_length / data_length
  totalRatio: number; // total / smallest total among the rows
  reference?: SizeReference;
  /** Article rows ÷ simulated rows, when both are known. */
  scale?: number;
}

/** One row per (side, table); references matched by table name. */
export function sizeRows(
  frames: { label: string; summary: Summary }[],
  reference: SizeReference[] = [],
): { rows: SizeRow[]; unmatched: SizeReference[] } {
  const rows: SizeRow[] = [];
  for (const f of frames) {
    for (const t of f.summary.tables) {
      const total = t.dataLength + t.indexLength;
      const ref = reference.find((r) => r.table === t.table);
      rows.push({
        side: f.label,
        table: t.table,
        rows: t.rows,
        data: t.dataLength,
        // information_schema's DataRow is round(data_length / table_rows); use the engine's value
        dataPerRow: t.dataPerRow,
        idx: t.indexLength,
        idxPerRow: t.indexPerRow,
        total,
        idxFrac: t.dataLength > 0 ? t.indexLength / t.dataLength : NaN,
        totalRatio: NaN,
        reference: ref,
        scale: ref?.rows && t.rows > 0 ? ref.rows / t.rows : undefined,
      });
    }
  }
  const positive = rows.map((r) => r.total).filter((v) => v > 0);
  const smallest = positive.length ? Math.min(...positive) : NaN;
  for (const r of rows) r.totalRatio = r.total / smallest;
  const seen = new Set(rows.map((r) => r.table));
  return { rows, unmatched: reference.filter((r) => !seen.has(r.table)) };
}

/** "1 : 15,900"-style statement of the scale between the article and the simulation. */
export function scaleStatement(rows: SizeRow[], fmt: (n: number) => string): string | undefined {
  const scaled = rows.filter((r) => r.scale !== undefined && r.reference?.rows);
  if (scaled.length === 0) return undefined;
  const parts = scaled.map((r) => `${r.table}: ${fmt(r.reference!.rows!)} rows in the article vs ${fmt(r.rows)} simulated (1 : ${fmt(Math.round(r.scale!))})`);
  return `Scale: ${parts.join('; ')}. Bytes per row and size ratios do not depend on the row count, so they compare directly.`;
}

/** A column of the sizes matrix; `article` columns hold the reference figures. */
export interface SizeColumn {
  key: string;
  title: string; // plain-words tooltip
  article: boolean;
}

/** Formatted cells: one line per (side, table), values aligned with `columns`. */
export interface SizeMatrix {
  columns: SizeColumn[];
  lines: { side: string; table: string; values: string[] }[];
}

const SIM_COLUMNS: [string, string][] = [
  ['rows', 'table_rows'],
  ['Data', 'data_length: the clustered index (the rows themselves)'],
  ['DataRow', 'data_length ÷ rows, in bytes'],
  ['idx', 'index_length: all secondary indexes'],
  ['IdxRow', 'index_length ÷ rows, in bytes'],
  ['totSize', 'data_length + index_length'],
  ['idxfrac', 'index_length ÷ data_length'],
  ['size ×', 'total size ÷ the smallest table here'],
];
const REF_COLUMNS: [string, string][] = [
  ['article DataRow', "bytes per row of data in the article's real table"],
  ['article IdxRow', "bytes per row of secondary indexes in the article's real table"],
  ['article size ×', "the article's total size ÷ its smallest table"],
];

/** Number formatters the matrix needs (injected so this file stays free of d3-format). */
export interface SizeFormatters {
  count(v: number): string;
  bytes(v: number): string;
  fixed2(v: number): string;
  ratio(v: number): string; // e.g. 2.24 → "2.24×"
}

/** The information_schema-like matrix, with article columns when references exist. */
export function sizeMatrix(rows: SizeRow[], unmatched: SizeReference[], hasRef: boolean, f: SizeFormatters): SizeMatrix {
  const columns = [...SIM_COLUMNS, ...(hasRef ? REF_COLUMNS : [])].map(([key, title], i) => ({
    key,
    title,
    article: i >= SIM_COLUMNS.length,
  }));
  const ref = (r?: SizeReference) => (hasRef ? (r ? [f.count(r.dataPerRow), f.count(r.indexPerRow), f.ratio(r.totalRatio)] : ['', '', '']) : []);
  const lines = rows.map((r) => ({
    side: r.side,
    table: r.table,
    values: [
      f.count(r.rows),
      f.bytes(r.data),
      f.count(r.dataPerRow),
      f.bytes(r.idx),
      f.count(r.idxPerRow),
      f.bytes(r.total),
      f.fixed2(r.idxFrac),
      rows.length > 1 ? f.ratio(r.totalRatio) : '–',
      ...ref(r.reference),
    ],
  }));
  for (const u of unmatched) lines.push({ side: 'article', table: u.table, values: [...SIM_COLUMNS.map(() => ''), ...ref(u)] });
  return { columns, lines };
}
