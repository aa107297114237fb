// Shared inline styles for charts and views: readable on a projector (never below
// 12px); colours come from the current palette, text colour is inherited from the page.
import type { CSSProperties } from 'react';
import type { Palette } from '../../ui/palette';

/** Smallest text size anywhere in a chart (px). */
export const MIN_FONT = 12;
/** Axis/label text size in SVG (px). */
export const LABEL_FONT = 13;

/** Outer box of every chart/view. */
export const figureStyle: CSSProperties = { margin: '0 0 10px', fontSize: 14, lineHeight: 1.35, minWidth: 0 };

/** The one-line title/caption above a chart. */
export const captionStyle: CSSProperties = { fontSize: 14, fontWeight: 600, margin: '0 0 4px', overflowWrap: 'anywhere' };

/** Secondary text (counts, hints). */
export function mutedStyle(p: Palette): CSSProperties {
  return { fontSize: MIN_FONT + 1, color: p.inkMuted, margin: '2px 0', overflowWrap: 'anywhere' };
}

/** A wrapping row of legend entries (wraps instead of overlapping on narrow screens). */
export function legendStyle(p: Palette): CSSProperties {
  return {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '4px 14px',
    fontSize: MIN_FONT + 1,
    color: p.inkMuted,
    margin: '4px 0 0',
    padding: 0,
    listStyle: 'none',
  };
}

/** A legend colour chip; `hatch` adds stripes so colour is never the only signal. */
export function swatchStyle(p: Palette, color: string, hatch = false, cross = false): CSSProperties {
  const stripes = (deg: number) => `repeating-linear-gradient(${deg}deg, transparent 0 3px, ${p.background} 3px 4px)`;
  return {
    display: 'inline-block',
    width: 12,
    height: 12,
    marginRight: 5,
    verticalAlign: '-1px',
    background: cross
      ? `${stripes(45)}, ${stripes(-45)}, ${color}`
      : hatch
        ? `repeating-linear-gradient(45deg, ${color} 0 3px, ${p.background} 3px 5px)`
        : color,
    border: `1px solid ${p.grid}`,
    boxSizing: 'border-box',
  };
}

/** Tabular figures for numbers in tables and counts. */
export const numStyle: CSSProperties = { fontVariantNumeric: 'tabular-nums', textAlign: 'right', whiteSpace: 'nowrap' };
