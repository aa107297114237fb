// When the worker calls status_text(): SHOW ENGINE INNODB STATUS averages over the time
// since its previous call, so it is asked at most once a second of wall time, and only
// after virtual time moved (pure, tested in tests/web/engine.test.ts).

/** status_text() at most this often (wall ms) per simulation. */
export const STATUS_MIN_INTERVAL_MS = 1000;

/** The previous status_text() call of one simulation. */
export interface StatusCall {
  wallMs: number;
  timeNs: number;
}

/**
 * True when a frame should carry a fresh status text: virtual time is past 0 and past
 * the previous call, and at least STATUS_MIN_INTERVAL_MS of wall time went by.
 */
export function statusDue(last: StatusCall | null, timeNs: number, wallMs: number): boolean {
  if (timeNs <= 0) return false;
  if (!last) return true;
  return timeNs > last.timeNs && wallMs - last.wallMs >= STATUS_MIN_INTERVAL_MS;
}
