// Shared style of the text views (STATUS, sysbench): a monospace block that keeps the
// terminal look, scrolls inside itself, and stays readable on a projector.
import type { CSSProperties } from 'react';
import type { Palette } from '../ui/palette';
import { MIN_FONT } from '../charts/common/styles';

/** A <pre> of terminal text; `wrap` breaks long lines with a hanging indent. */
export function terminalStyle(p: Palette, wrap: boolean, maxHeight?: string): CSSProperties {
  return {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
    fontSize: MIN_FONT + 1,
    lineHeight: 1.4,
    background: p.surface,
    color: p.ink,
    border: `1px solid ${p.grid}`,
    borderRadius: 6,
    padding: '6px 8px',
    margin: '4px 0 0',
    overflow: 'auto',
    maxHeight,
    whiteSpace: wrap ? 'pre-wrap' : 'pre',
    overflowWrap: wrap ? 'anywhere' : 'normal',
    ...(wrap ? { paddingLeft: 'calc(8px + 2ch)', textIndent: '-2ch' } : {}),
  };
}
