// The lessons quote simulated figures in their text (prose, quiz explanations, speaker
// notes, tables). The fidelity tests compute those figures with the engine and check
// that the lesson's Markdown still says them, formatted as the lesson writes them, so
// a change to the engine that moves a quoted number fails here until the text follows.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The Markdown of lessons/<id>.md; of $LESSONS_DIR/<id>.md when that is set (another
 *  copy of the lessons, e.g. an older one, to see these checks fail). */
export function lessonText(id: string): string {
  const dir = process.env.LESSONS_DIR ?? path.join(root, 'lessons');
  return fs.readFileSync(path.join(dir, `${id}.md`), 'utf8');
}

/** `n` rounded to a multiple of `step` (1 by default), with thousands separators: 114,803. */
export function grouped(n: number, step = 1): string {
  return (Math.round(n / step) * step).toLocaleString('en-US');
}

/** A share (0..1) as a percentage with `digits` decimals: 0.1218 → "12.2%". */
export function pct(share: number, digits = 0): string {
  return `${(share * 100).toFixed(digits)}%`;
}
