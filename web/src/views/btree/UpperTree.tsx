// The B+tree's non-leaf levels as SVG rects (root on top), width ∝ leaves under each
// node, coloured on the fill scale. Clicking a node zooms the strip to its subtree.
import { useMemo, type MouseEvent } from 'react';
import { fillColor } from '../../ui/palette';
import { usePalette } from '../../ui/theme';
import { readableOn } from '../../charts/common/colors';
import { formatCount, formatPercent, noun } from '../../charts/common/format';
import { MIN_FONT } from '../../charts/common/styles';
import { layoutUpper, type LeafRange, type UpperNode } from './layout';

export interface UpperTreeProps {
  nodes: UpperNode[];
  range: LeafRange;
  width: number;
  onZoom(range: LeafRange): void;
}

const ROW_H = 20;

/** SVG of the upper levels; nothing when the root is a leaf. */
export function UpperTree({ nodes, range, width, onZoom }: UpperTreeProps) {
  const pal = usePalette();
  const { rects, height } = useMemo(() => layoutUpper(nodes, range, width, ROW_H), [nodes, range, width]);
  if (rects.length === 0) return null;
  const top = nodes[0].level;
  const perLevel = new Map<number, number>();
  for (const n of nodes) perLevel.set(n.level, (perLevel.get(n.level) ?? 0) + 1);
  const aria =
    'Non-leaf levels: ' +
    [...perLevel].map(([lvl, n]) => `level ${lvl}: ${formatCount(n)} ${noun(n, 'page')}`).join(', ');
  // One <rect> per node and one click handler on the svg: levels can hold hundreds of nodes.
  const withTitles = rects.length <= 300;
  const onClick = (e: MouseEvent<SVGSVGElement>) => {
    const i = Number((e.target as SVGElement).getAttribute('data-i'));
    const r = rects[i];
    if (Number.isInteger(i) && r) onZoom({ lo: r.firstLeaf, hi: r.firstLeaf + r.nLeaves });
  };
  return (
    <svg width={width} height={height} role="img" aria-label={aria} style={{ display: 'block', cursor: 'zoom-in' }} onClick={onClick}>
      {rects.map((r, i) => (
        <rect
          key={`${r.level}-${r.firstLeaf}`}
          data-i={i}
          x={r.x}
          y={r.y}
          width={Math.max(1, r.width)}
          height={r.height}
          fill={fillColor(pal, r.fill)}
        >
          {withTitles && (
            <title>{`level ${r.level} page: leaves #${formatCount(r.firstLeaf)}–${formatCount(r.firstLeaf + r.nLeaves - 1)}, fill ${formatPercent(r.fill)} (click to zoom)`}</title>
          )}
        </rect>
      ))}
      {rects
        .filter((r) => r.width > 110)
        .map((r) => (
          <text key={`t${r.level}-${r.firstLeaf}`} x={r.x + 5} y={r.y + 14.5} fontSize={MIN_FONT} fill={readableOn(fillColor(pal, r.fill))} pointerEvents="none">
            {`${r.level === top ? 'root' : 'level ' + r.level} · ${formatCount(r.nLeaves)} leaves`}
          </text>
        ))}
    </svg>
  );
}
