// Pure helpers of the STATUS view: the engine's status_text() made safe to show as plain
// text, and the time and averaging window read from its header for the caption.

/** Longest text shown (the engine's is ~2–4 kB; more means something is wrong). */
export const MAX_STATUS_CHARS = 20_000;

/** Control characters other than tab and newline are dropped; CRLF becomes LF; capped. */
export function cleanStatusText(text: string): string {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const t = text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
  return t.length > MAX_STATUS_CHARS ? `${t.slice(0, MAX_STATUS_CHARS)}\n… (cut at ${MAX_STATUS_CHARS} characters)` : t;
}

/** What the header says: the simulated time and the window of the per-second averages. */
export interface StatusHeader {
  timeS: number | null; // "(simulated, t = 1.500 s)"
  windowS: number | null; // "calculated from the last 1.00 seconds"
}

export function statusHeader(text: string): StatusHeader {
  const t = /\bt = ([0-9.]+) s\b/.exec(text);
  const w = /calculated from the last ([0-9.]+) seconds/.exec(text);
  return { timeS: t ? Number(t[1]) : null, windowS: w ? Number(w[1]) : null };
}

/** Section titles (a line between two identical dashed rules, as InnoDB prints them), in order. */
export function statusSections(text: string): string[] {
  const lines = text.split('\n').map((l) => l.trim());
  const out: string[] = [];
  for (let i = 1; i + 1 < lines.length; i++) {
    const [above, title, below] = [lines[i - 1], lines[i], lines[i + 1]];
    if (title && /^-{3,}$/.test(above) && above === below && !/^END OF/.test(title)) out.push(title);
  }
  return out;
}
