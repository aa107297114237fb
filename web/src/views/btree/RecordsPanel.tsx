// The records of one leaf page (page_records_json): a used/free bar with the 15/16 mark
// of the 1/16 reserve, and the list of keys with their sizes in bytes.
import { fillColor } from '../../ui/palette';
import { usePalette } from '../../ui/theme';
import { formatCount, formatPercent } from '../../charts/common/format';
import { useWidth } from '../../charts/common/hooks';
import { MIN_FONT, numStyle } from '../../charts/common/styles';
import { recordTotals, recordsBar, recordsCaption, type PageRecords } from './records';

export interface RecordsPanelProps {
  leaf: number;
  records?: PageRecords;
  onClose(): void;
}

/** Records of the selected leaf; "loading" until the parent passes them. */
export function RecordsPanel({ leaf, records, onClose }: RecordsPanelProps) {
  const pal = usePalette();
  const [ref, width] = useWidth<HTMLDivElement>(300);
  const bar = recordsBar(records?.fill ?? 0, width);
  const totals = records ? recordTotals(records) : undefined;
  return (
    <section style={{ marginTop: 8, borderTop: `1px solid ${pal.grid}`, paddingTop: 6 }} aria-label={`Leaf #${leaf} records`}>
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 8, alignItems: 'baseline' }}>
        <strong>
          Leaf #{formatCount(leaf)}
          {records && ` · page ${formatCount(records.page)} · fill ${formatPercent(records.fill)}`}
        </strong>
        <button type="button" onClick={onClose} style={{ fontSize: MIN_FONT + 1 }}>
          Close
        </button>
      </div>
      {!records ? (
        <p style={{ color: pal.inkMuted }}>Loading records…</p>
      ) : (
        <>
          <div ref={ref} style={{ width: '100%', marginTop: 6 }}>
            <svg width={width} height={44} role="img" aria-label={`Page space: ${bar.label}. The mark at 15/16 is where the 1/16 reserve begins.`} style={{ display: 'block' }}>
              <rect width={width} height={20} fill={pal.frame.free} />
              <rect width={bar.usedWidth} height={20} fill={fillColor(pal, records.fill)} />
              <line x1={bar.reserveX} x2={bar.reserveX} y1={-2} y2={26} stroke={pal.ink} strokeWidth={2} strokeDasharray="3 2" />
              <text x={bar.reserveX - 4} y={40} fontSize={MIN_FONT} textAnchor="end" fill={pal.ink}>
                15/16: 1/16 reserve →
              </text>
            </svg>
          </div>
          <p style={{ margin: '2px 0 6px', fontSize: MIN_FONT + 1 }}>
            {bar.label} · {recordsCaption(records, totals?.count ?? 0, totals?.bytes ?? 0, formatCount)}
          </p>
          <div style={{ maxHeight: 220, overflowY: 'auto', border: `1px solid ${pal.grid}` }} tabIndex={0}>
            <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: MIN_FONT + 1 }}>
              <thead>
                <tr>
                  <th style={{ textAlign: 'left', padding: '2px 6px' }}>key</th>
                  <th style={{ ...numStyle, padding: '2px 6px' }}>size (bytes)</th>
                </tr>
              </thead>
              <tbody>
                {records.records.map((r, i) => (
                  <tr key={i} style={{ borderTop: `1px solid ${pal.grid}` }}>
                    <td style={{ padding: '1px 6px', fontFamily: 'ui-monospace, monospace', overflowWrap: 'anywhere' }}>{r.key}</td>
                    <td style={{ ...numStyle, padding: '1px 6px' }}>{formatCount(r.size)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
