// A/B columns line up: a view marks the blocks whose height depends on its side's
// content (a caption that wraps once more, a tree one level taller) with
// `data-align="<key>"`, and the row gives each block the height of the tallest block
// with the same key in any column. So the graphics below start at the same height on
// both sides and can be compared by eye. A block present in one column only keeps its
// own height. Aligned blocks that should hug what follows them (a tree's upper levels
// above its leaves) put their content at their bottom themselves.
import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { cssZoom } from '../charts/common/hooks';

/** The height each key's blocks get: the tallest of them, for keys found in two or
 *  more columns; `columns[c]` lists column c's blocks as [key, natural height]. */
export function sharedHeights(columns: ReadonlyArray<ReadonlyArray<readonly [string, number]>>): Map<string, number> {
  const tallest = new Map<string, { h: number; cols: number }>();
  for (const blocks of columns) {
    const seen = new Set<string>();
    for (const [key, h] of blocks) {
      const t = tallest.get(key) ?? { h: 0, cols: 0 };
      t.h = Math.max(t.h, h);
      if (!seen.has(key)) t.cols += 1;
      seen.add(key);
      tallest.set(key, t);
    }
  }
  const out = new Map<string, number>();
  for (const [key, t] of tallest) if (t.cols > 1) out.set(key, Math.ceil(t.h));
  return out;
}

/** Keys told apart by occurrence ("caption#0", "caption#1"): a column showing two
 *  trees pairs its second tree's caption with the other column's second. */
export function occurrenceKeys(keys: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return keys.map((k) => {
    const n = seen.get(k) ?? 0;
    seen.set(k, n + 1);
    return `${k}#${n}`;
  });
}

/** Equalizes the `[data-align]` blocks of the columns (the children of `root`): each
 *  block's natural height is measured with its previous minimum removed, so blocks
 *  shrink back when content does; stacked columns (a narrow screen) get none. */
export function alignColumns(root: HTMLElement): void {
  if (root.children.length < 2) return;
  const cols = [...root.children].map((c) => [...c.querySelectorAll<HTMLElement>('[data-align]')]);
  const all = cols.flat();
  if (all.length === 0) return;
  for (const el of all) el.style.minHeight = '';
  const tops = [...root.children].map((c) => Math.round(c.getBoundingClientRect().top));
  if (tops.some((t) => t !== tops[0])) return;
  const keys = cols.map((els) => occurrenceKeys(els.map((el) => el.dataset.align ?? '')));
  // In the blocks' own px (a minimum height is one), not the page's: they may be zoomed.
  const heights = sharedHeights(cols.map((els, c) => els.map((el, i) => [keys[c][i], el.getBoundingClientRect().height / cssZoom(el)] as const)));
  cols.forEach((els, c) =>
    els.forEach((el, i) => {
      const h = heights.get(keys[c][i]);
      if (h !== undefined) el.style.minHeight = `${h}px`;
    }),
  );
}

/** How often a row lines up again while it keeps changing (a simulation playing): each
 *  time costs a forced layout of the page (its heights are cleared, then read), and at
 *  every frame, rows of A/B trees spent about a tenth of the main thread there. A
 *  block's new height shows at once; the other column catches up within this time, and
 *  a trailing call lines the row up once the changes stop. */
export const ALIGN_EVERY_MS = 250;

/** Rows with a trailing alignment still to run (their heights may yet change). */
let pending = 0;

/** Whether some row's heights are about to change: a scroll to a view below it waits
 *  (lessons/panelFocus.ts), or the view lands off its mark when the rows settle. */
export function alignmentsPending(): boolean {
  return pending > 0;
}

/** Lines up the row's columns (the children of `ref`) after a render, before paint, and
 *  whenever a column changes size without the row rendering (the window resized while
 *  paused, a view's own state changed): at most once per {@link ALIGN_EVERY_MS}, and
 *  once more after the last change. */
export function useAlignAcross(ref: RefObject<HTMLElement | null>, columns: number): void {
  const state = useRef({ last: -Infinity, timer: 0 });
  // `now`: in a layout effect, where a due alignment runs before paint. A resize is seen
  // in a ResizeObserver callback, where a size set would be observed in the same frame
  // again (the "ResizeObserver loop" error): it always goes through the timer.
  const request = useCallback(
    (now: boolean) => {
      const s = state.current;
      const run = () => {
        if (s.timer) pending -= 1;
        s.timer = 0;
        s.last = performance.now();
        if (ref.current) alignColumns(ref.current);
      };
      const since = performance.now() - s.last;
      if (now && since >= ALIGN_EVERY_MS && !s.timer) return run();
      if (!s.timer) {
        pending += 1;
        s.timer = window.setTimeout(run, Math.max(0, ALIGN_EVERY_MS - since));
      }
    },
    [ref],
  );
  useLayoutEffect(() => request(true));
  useEffect(() => {
    const s = state.current;
    const root = ref.current;
    const ro = root && columns >= 2 && typeof ResizeObserver !== 'undefined' ? new ResizeObserver(() => request(false)) : null;
    if (root && ro) for (const c of root.children) ro.observe(c);
    return () => {
      ro?.disconnect();
      if (s.timer) pending -= 1;
      window.clearTimeout(s.timer);
      s.timer = 0;
    };
  }, [ref, columns, request]);
}
