// Whether a sweep's table of A and B goes side by side (one table) or one table per side,
// A above B: side by side where the pair fits its box, else stacked (at 1024 px on a
// projector B's columns sat 192 px to the side, and presenter keys cannot scroll sideways).

/** Extra room the box needs before stacked tables go back side by side (no flicker at the edge). */
export const UNSTACK_MARGIN_PX = 8;

/**
 * The layout for a box `boxWidth` wide, from the widths of the tables shown now
 * (`tableWidths`: the one combined table, or each side's) and of the axis column each
 * repeats (`axisWidth`); `stacked`: how they are shown now. Stacked, the pair would be
 * their widths less the repeated axis column.
 */
export function stackTables(sides: number, boxWidth: number, tableWidths: number[], axisWidth: number, stacked: boolean): boolean {
  if (sides < 2) return false;
  if (!(boxWidth > 0) || tableWidths.length === 0) return stacked;
  if (!stacked) return tableWidths[0] > boxWidth;
  const pair = tableWidths.reduce((a, w) => a + w, 0) - axisWidth * (tableWidths.length - 1);
  return pair + UNSTACK_MARGIN_PX > boxWidth;
}
