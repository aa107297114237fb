// Pure formatting of the sysbench view: series samples → the lines sysbench prints with
// --report-interval, e.g.
//   [ 1s ] thds: 256 tps: 3009600.00 qps: 3009600.00 (r/w/o: 3009600.00/0.00/0.00) lat (ms,95%): 0.09 err/s: 0.00 reconn/s: 0.00
// tps is the engine's sysbench events per second (column `tps`): one statement for
// oltp_point_select / oltp_insert, so tps = qps there; one BEGIN…COMMIT transaction
// of 16 statements for oltp_read_only, whose BEGIN and COMMIT are sysbench's "other".
// Reads are the remaining non-insert queries, writes the inserts.

/** Series rows with their column names (ui/seriesData.ts SeriesData). */
export interface SeriesLike {
  columns: string[];
  rows: number[][];
}

/** Lines shown by default (the newest). */
export const SYSBENCH_LINES = 12;

/** sysbench's "%4.2f": two decimals, no thousands separators; non-finite → 0.00. */
export function f2(v: number): string {
  return (Number.isFinite(v) ? Math.max(0, v) : 0).toFixed(2);
}

/** Sample time in seconds as sysbench prints it: "1", and "0.1" / "1.25" for sub-second samples. */
export function reportTime(tS: number): string {
  return String(Math.round(tS * 1000) / 1000);
}

/** One report line from one sample row. */
export function sysbenchLine(columns: string[], row: number[], threads: number): string {
  const col = (name: string) => {
    const i = columns.indexOf(name);
    return i < 0 ? NaN : row[i];
  };
  const zero = (v: number) => (Number.isFinite(v) ? v : 0);
  // INSERT/UPDATE/DELETE statements completed; engines before that column: inserts
  const writesRaw = col('writes_per_s');
  const writes = zero(Number.isFinite(writesRaw) ? writesRaw : col('inserts_per_s'));
  const qpsRaw = col('qps');
  const qps = Number.isFinite(qpsRaw) ? qpsRaw : writes;
  const tpsRaw = col('tps');
  const tps = Number.isFinite(tpsRaw) ? tpsRaw : qps;
  // A transaction of several statements is wrapped in BEGIN and COMMIT.
  const other = qps > tps * 1.5 ? 2 * tps : 0;
  const reads = Math.max(0, qps - writes - other);
  const p95Ms = zero(col('latency_p95_us')) / 1000;
  return (
    `[ ${reportTime(row[0] ?? 0)}s ] thds: ${Math.max(0, Math.round(threads))} tps: ${f2(tps)} qps: ${f2(qps)} ` +
    `(r/w/o: ${f2(reads)}/${f2(writes)}/${f2(other)}) lat (ms,95%): ${f2(p95Ms)} err/s: ${f2(0)} reconn/s: ${f2(0)}`
  );
}

/** The newest `max` samples as report lines, oldest first. */
export function sysbenchLines(series: SeriesLike, threads: number, max = SYSBENCH_LINES): string[] {
  const rows = series.rows.slice(Math.max(0, series.rows.length - max));
  return rows.map((r) => sysbenchLine(series.columns, r, threads));
}

/** The sample interval in seconds (from the first two samples), or null. */
export function sampleInterval(series: SeriesLike): number | null {
  if (series.rows.length < 2) return null;
  const dt = series.rows[1][0] - series.rows[0][0];
  return dt > 0 ? Math.round(dt * 1000) / 1000 : null;
}

/**
 * A line cut into the groups that must not wrap inside ("[ 1s ]", "tps: 12.00",
 * "(r/w/o: …)", "lat (ms,95%): 0.09"…); joined with single spaces they give the line back.
 */
export function sysbenchGroups(line: string): string[] {
  return line.match(/\[ [^\]]* \]|\(r\/w\/o: [^)]*\)|lat \(ms,95%\): \S+|\S+: \S+|\S+/g) ?? [];
}
