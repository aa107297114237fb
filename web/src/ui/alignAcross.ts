// A/B columns line up: a view marks the blocks whose height depends on its side's
// content (a caption that wraps once more, a tree one level taller) with
// `data-align="<key>"`, and the row gives each block the height of the tallest block
// with the same key in any column. So the graphics below start at the same height on
// both sides and can be compared by eye. A block present in one column only keeps its
// own height. Aligned blocks that should hug what follows them (a tree's upper levels
// above its leaves) put their content at their bottom themselves.
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
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

/** How often a row lines up again while it renders every frame (a simulation playing):
 *  each time costs a forced layout of the page (its heights are cleared, then read),
 *  and at 60 frames a second, rows of A/B trees spent about a tenth of the main
 *  thread there. A block's new height shows at once; the other column catches up
 *  within this time, and a trailing call lines the row up once the renders stop. */
export const ALIGN_EVERY_MS = 250;

/** Lines up the row's columns (the children of `ref`) after a render, before paint,
 *  at most once per {@link ALIGN_EVERY_MS} (and once more after the last render);
 *  and, a frame later, whenever a column changes size without the row rendering
 *  (the window resized while paused, a view's own state changed). */
export function useAlignAcross(ref: RefObject<HTMLElement | null>, columns: number): void {
  const last = useRef(-Infinity);
  const trailing = useRef(0);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const since = performance.now() - last.current;
    if (since >= ALIGN_EVERY_MS) {
      last.current = performance.now();
      alignColumns(root);
    } else if (!trailing.current) {
      trailing.current = window.setTimeout(() => {
        trailing.current = 0;
        last.current = performance.now();
        if (ref.current) alignColumns(ref.current);
      }, ALIGN_EVERY_MS - since);
    }
  });
  useEffect(
    () => () => {
      window.clearTimeout(trailing.current);
      trailing.current = 0;
    },
    [],
  );
  useEffect(() => {
    const root = ref.current;
    if (!root || columns < 2 || typeof ResizeObserver === 'undefined') return;
    let pending = 0;
    // In the next frame, not in the callback: a size set there would be observed in
    // the same frame again (the "ResizeObserver loop" error).
    const ro = new ResizeObserver(() => {
      if (pending) return;
      pending = requestAnimationFrame(() => {
        pending = 0;
        alignColumns(root);
      });
    });
    for (const c of root.children) ro.observe(c);
    return () => {
      ro.disconnect();
      cancelAnimationFrame(pending);
    };
  }, [ref, columns]);
}
