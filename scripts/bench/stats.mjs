// Small numeric helpers for the bench: median, percentile, and display formats.

/** Median of the finite numbers in `xs` (null when there are none). */
export function median(xs) {
  const v = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

/** The p-th percentile (0..100) by nearest rank (null when empty). */
export function percentile(xs, p) {
  const v = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const rank = Math.min(v.length, Math.max(1, Math.ceil((p / 100) * v.length)));
  return v[rank - 1];
}

/** "1.23 M/s", "456.7 k/s". */
export const fmtRate = (r) => (r >= 1e6 ? `${(r / 1e6).toFixed(2)} M/s` : `${(r / 1e3).toFixed(1)} k/s`);
/** "123.4 kB" (decimal kB, like the size goals). */
export const fmtKB = (b) => `${(b / 1000).toFixed(1)} kB`;
/** "12.3 MB" (binary MiB, like WebAssembly pages). */
export const fmtMiB = (b) => `${(b / 2 ** 20).toFixed(1)} MiB`;
export const fmtMs = (ms) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
export const fmtX = (r) => `${r.toFixed(2)}×`;
