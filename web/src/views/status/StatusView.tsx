// The STATUS view: the engine's SHOW ENGINE INNODB STATUS-like text in a monospace block,
// refreshed at most once a second of wall time (the worker decides, see
// engine/statusThrottle.ts). Plain text only: React escapes it, nothing is parsed as HTML.
import { useMemo } from 'react';
import { usePalette } from '../../ui/theme';
import { captionStyle, figureStyle, mutedStyle } from '../../charts/common/styles';
import { terminalStyle } from '../common';
import { cleanStatusText, statusHeader, statusSections } from './layout';

export interface StatusViewProps {
  /** The latest status_text() (null until the first one arrives). */
  text: string | null;
  /** Virtual time of the frame shown (ns), to say how old the text is. */
  timeNs: number;
  /** Side label, e.g. "A: 8.0.25". */
  label?: string;
}

/** SHOW ENGINE INNODB STATUS of one simulation. */
export function StatusView({ text, timeNs, label }: StatusViewProps) {
  const pal = usePalette();
  const clean = useMemo(() => (text === null ? null : cleanStatusText(text)), [text]);
  const head = useMemo(() => (clean ? statusHeader(clean) : null), [clean]);
  const sections = useMemo(() => (clean ? statusSections(clean) : []), [clean]);
  const lines = useMemo(() => (clean ? clean.replace(/\n$/, '').split('\n') : []), [clean]);
  const name = `${label ? `${label}: ` : ''}SHOW ENGINE INNODB STATUS`;
  return (
    <figure style={figureStyle}>
      {label && (
        <figcaption style={captionStyle} data-align="caption">
          {name}
        </figcaption>
      )}
      <p style={mutedStyle(pal)} data-align="about">
        Mirrors the sections of MySQL’s SHOW ENGINE INNODB STATUS
        {sections.length ? ` (${sections.join(', ')})` : ''} for the simulated server. Refreshed at most once a second while
        the simulation moves; like the real command, its per-second averages cover the time since the previous refresh
        {head?.windowS != null ? ` (here the last ${head.windowS.toFixed(2)} simulated seconds)` : ''}.
      </p>
      {clean === null ? (
        <p style={mutedStyle(pal)}>The status appears once the simulation moves on: press play or step.</p>
      ) : (
        <>
          <p style={mutedStyle(pal)} data-align="as-of">
            as of t = {head?.timeS != null ? `${head.timeS.toFixed(3)} s` : '?'}
            {head?.timeS != null && Math.abs(head.timeS - timeNs / 1e9) < 5e-4 ? ' (the time shown)' : ` · shown: t = ${(timeNs / 1e9).toFixed(3)} s`}
          </p>
          <pre tabIndex={0} role="region" aria-label={`${name}, the text`} style={terminalStyle(pal, true, '28rem')}>
            {/* one block per line, so a line too long for the box (an A/B pair's half)
                wraps and hangs under its own start instead of running out of sight */}
            {lines.map((l, i) => (
              <span key={i} style={{ display: 'block' }}>
                {l}
                {'\n'}
              </span>
            ))}
          </pre>
        </>
      )}
    </figure>
  );
}
