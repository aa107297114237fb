// The adaptive hash index of one simulation: the hit ratio and rows added/removed, then
// the partitions as a row of boxes (hash load, node heap, x-latch state, the queue of
// threads asleep on the latch, cumulative waits). Teal = hashed, its bright tint = hits.
import { useMemo, type CSSProperties } from 'react';
import type { Frame } from '../../engine/frames';
import type { Palette } from '../../ui/palette';
import { usePalette } from '../../ui/theme';
import { formatCount, formatPercent, noun } from '../../charts/common/format';
import { captionStyle, figureStyle, legendStyle, MIN_FONT, mutedStyle, numStyle, swatchStyle } from '../../charts/common/styles';
import { ahiPartBoxes, ahiSummary, compactParts, listedParts, loadText, type AhiPartBox } from './layout';

export interface AhiViewProps {
  frame: Frame;
  /** Side label, e.g. "A: 8.0.25". */
  label?: string;
}

const NONE: Frame['ahiParts'] = [];

/** A thin two-part bar: `share` of it in `on`, the rest in `off`. */
function ShareBar({ share, on, off, pal, height = 8 }: { share: number; on: string; off: string; pal: Palette; height?: number }) {
  return (
    <div aria-hidden="true" style={{ display: 'flex', height, background: off, border: `1px solid ${pal.grid}`, margin: '3px 0' }}>
      <div style={{ width: `${Math.round(share * 1000) / 10}%`, background: on }} />
    </div>
  );
}

/** The badge of an x-latched partition (text, so colour is not the only signal). */
function XBadge({ pal, short }: { pal: Palette; short?: boolean }) {
  return (
    <span style={{ background: pal.ink, color: pal.background, borderRadius: 3, padding: '0 4px', fontSize: MIN_FONT, fontWeight: 600, whiteSpace: 'nowrap' }}>
      {short ? 'X' : 'X-latched'}
    </span>
  );
}

/** Threads asleep on the partition's latch as a queue of red squares (+N past the cap). */
function Queue({ box, pal }: { box: AhiPartBox; pal: Palette }) {
  if (box.sleepers === 0) return <div style={mutedStyle(pal)}>queue: empty</div>;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, margin: '2px 0', fontSize: MIN_FONT }}>
      <span style={{ marginRight: 3 }}>queue:</span>
      {Array.from({ length: box.queueDots }, (_, i) => (
        <span key={i} aria-hidden="true" style={{ width: 7, height: 9, background: pal.thread.sleeping, display: 'inline-block' }} />
      ))}
      <span style={{ marginLeft: 3 }}>
        {box.queueMore > 0 ? `+${formatCount(box.queueMore)} · ` : ''}
        {formatCount(box.sleepers)} asleep
      </span>
    </div>
  );
}

function boxStyle(pal: Palette, xHeld: boolean): CSSProperties {
  return {
    border: xHeld ? `3px solid ${pal.ink}` : `1px solid ${pal.grid}`,
    padding: xHeld ? 4 : 6,
    borderRadius: 6,
    background: xHeld ? `repeating-linear-gradient(45deg, ${pal.surface} 0 6px, ${pal.background} 6px 12px)` : pal.surface,
    minWidth: 0,
    fontSize: MIN_FONT + 1,
    lineHeight: 1.3,
  };
}

const dlStyle: CSSProperties = { display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'space-between', columnGap: 8, margin: 0 };

/** Label/value rows of a box (values in tabular figures, right-aligned). */
function Rows({ rows }: { rows: [string, string][] }) {
  return (
    <dl style={dlStyle}>
      {rows.map(([k, v]) => (
        <div key={k} style={{ display: 'contents' }}>
          <dt>{k}</dt>
          <dd style={{ ...numStyle, margin: 0 }}>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function PartBox({ box, pal }: { box: AhiPartBox; pal: Palette }) {
  return (
    <li style={boxStyle(pal, box.xHeld)}>
      {/* The badge keeps its own height beside a title that wraps (an exported PNG measures
          text a little wider: "partition 135" took two lines and the badge grew into a tall box);
          where both do not fit, the badge goes under the title. */}
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'flex-start', gap: 4, fontWeight: 600 }}>
        <span style={{ whiteSpace: 'nowrap' }}>{box.title}</span>
        {box.xHeld ? <XBadge pal={pal} /> : box.readers > 0 ? <span style={{ fontWeight: 400 }}>{formatCount(box.readers)} S</span> : null}
      </div>
      <Rows rows={[['nodes', formatCount(box.nodes)]]} />
      <ShareBar share={box.loadBar} on={pal.ahi.hashed} off={pal.background} pal={pal} />
      <Rows
        rows={[
          ['load', loadText(box.load)],
          ['cells', formatCount(box.cells)],
          ['heap pages', formatCount(box.heapPages)],
          ['spin waits', formatCount(box.xSpinWaits)],
          ['OS waits', formatCount(box.xOsWaits)],
        ]}
      />
      <Queue box={box} pal={pal} />
    </li>
  );
}

function CompactCell({ box, pal }: { box: AhiPartBox; pal: Palette }) {
  return (
    <li style={{ ...boxStyle(pal, box.xHeld), padding: 3 }} title={box.sentence}>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 2, fontSize: MIN_FONT }}>
        <span>p{box.part}</span>
        {box.xHeld && <XBadge pal={pal} short />}
      </div>
      <ShareBar share={box.loadBar} on={pal.ahi.hashed} off={pal.background} pal={pal} height={6} />
      <div aria-hidden="true" style={{ fontSize: MIN_FONT, color: box.sleepers ? pal.ink : pal.inkMuted, whiteSpace: 'nowrap' }}>
        {box.sleepers ? (
          <>
            <span style={{ width: 7, height: 9, background: pal.thread.sleeping, display: 'inline-block', marginRight: 3 }} />
            {formatCount(box.sleepers)}
          </>
        ) : (
          '–'
        )}
      </div>
      <span className="visually-hidden">{box.sentence}</span>
    </li>
  );
}

/** AHI partitions and counters of one simulation. */
export function AhiView({ frame, label }: AhiViewProps) {
  const pal = usePalette();
  const parts = frame.ahiParts ?? NONE;
  const boxes = useMemo(() => ahiPartBoxes(parts, formatCount), [parts]);
  const sum = useMemo(() => ahiSummary(parts, frame.summary.counters), [parts, frame.summary.counters]);
  const { shown, idleLine } = useMemo(() => listedParts(boxes, formatCount), [boxes]);
  // Compact cells only when many are drawn: 512 partitions with one busy one show that
  // one in full (its waits were only in a tooltip of a 4-rem cell).
  const compact = compactParts(shown.length);
  const lookups = sum.searches + sum.searchesBtree;
  return (
    <figure style={figureStyle}>
      <figcaption style={captionStyle} data-align="caption">
        {label ? `${label} · ` : ''}
        {formatCount(boxes.length)} AHI {noun(boxes.length, 'partition')} · {formatCount(sum.nodes)} {noun(sum.nodes, 'node')} · {formatCount(sum.sleepers)}{' '}
        {noun(sum.sleepers, 'thread')} asleep on their latches
      </figcaption>
      <div style={{ fontSize: MIN_FONT + 1 }} data-align="stats">
        {frame.summary.ahiOn === false ? (
          // Off, it showed "hit ratio 0.0% · no lookups yet" and empty partitions: a broken AHI, it seemed.
          <div>
            <strong>innodb_adaptive_hash_index is OFF</strong>: every lookup descends the B+tree, and nothing is added to the partitions
            {sum.searches > 0 ? ` (before it was switched off: ${formatCount(sum.searches)} of ${formatCount(lookups)} lookups answered by the hash)` : ''}.
          </div>
        ) : (
          <div>
            <strong>hit ratio since the start {formatPercent(sum.hitRatio)}</strong>
            {lookups > 0 ? ` · ${formatCount(sum.searches)} of ${formatCount(lookups)} lookups answered by the hash` : ' · no lookups yet'}
          </div>
        )}
        <ShareBar share={Number.isFinite(sum.hitRatio) ? sum.hitRatio : 0} on={pal.ahi.hit} off={pal.ahi.miss} pal={pal} height={10} />
        <div style={mutedStyle(pal)}>
          adaptive_hash_searches ÷ (adaptive_hash_searches + adaptive_hash_searches_btree), since the start
        </div>
        <div>
          rows added {formatCount(sum.rowsAdded)} · removed {formatCount(sum.rowsRemoved)} · pages added {formatCount(sum.pagesAdded)} · removed{' '}
          {formatCount(sum.pagesRemoved)}
        </div>
      </div>
      <ul
        aria-label="AHI partitions"
        style={{
          listStyle: 'none',
          padding: 0,
          margin: '6px 0 0',
          display: 'grid',
          gap: 6,
          gridTemplateColumns: `repeat(auto-fill, minmax(${compact ? '4rem' : '10.5rem'}, 1fr))`,
        }}
      >
        {shown.map((b) => (compact ? <CompactCell key={b.part} box={b} pal={pal} /> : <PartBox key={b.part} box={b} pal={pal} />))}
      </ul>
      {idleLine && <div style={{ ...mutedStyle(pal), marginTop: 4 }}>{idleLine}</div>}
      <ul style={legendStyle(pal)} aria-label="Legend">
        <li>
          <span style={swatchStyle(pal, pal.ahi.hashed)} />
          load: hash nodes ÷ cells
        </li>
        <li>
          <span style={swatchStyle(pal, pal.ahi.hit)} />
          hash hits
        </li>
        <li>
          <span style={swatchStyle(pal, pal.ahi.miss)} />
          B+tree descents
        </li>
        <li>
          <span style={swatchStyle(pal, pal.thread.sleeping)} />
          one thread asleep in the latch's queue (the client threads view also counts a thread just woken, for the 20 µs it takes to run again)
        </li>
        <li>
          <XBadge pal={pal} /> partition x-latched now (a build or drop); S = readers holding it shared
        </li>
        <li>spin / OS waits: for the x-latch, since the start</li>
      </ul>
    </figure>
  );
}
