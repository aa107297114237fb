// The experiment panel's tools: copy a link to this exact state, an embed snippet, and
// exports (any view as PNG or SVG, the metric series as CSV, each scenario as the JSON
// that `innodb-sim run` accepts).

import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { copyText } from './shareLink';
import { download, sectionToSvg, seriesCsv, slug, svgToPng } from './exportView';
import type { SeriesData } from './seriesData';
import { formatSimTime, type Speed } from '../player/speed';
import type { PanelSim } from './ExperimentPanel';

interface Props {
  title: string;
  sims: PanelSim[] | null;
  labels: string[];
  series: SeriesData[];
  timeNs: number;
  /** The player's speed, carried by a copied link or snippet. */
  speed: Speed;
  /** The panel's views (sections with an aria-label: the live views, a sweep) are found inside this element. */
  viewsRef: RefObject<HTMLElement | null>;
  shareLink?: (timeNs: number, speed: Speed) => Promise<string>;
  /** What the copied link holds (the button's title); a lesson's by default. */
  shareLinkTitle?: string;
  embedSnippet?: (timeNs: number, speed: Speed) => string;
}

type Shown = { kind: 'link' | 'embed'; text: string; copied: boolean } | null;

export function PanelTools({ title, sims, labels, series, timeNs, speed, viewsRef, shareLink, shareLinkTitle, embedSnippet }: Props) {
  const [shown, setShown] = useState<Shown>(null);
  const [views, setViews] = useState<string[]>([]);
  const [view, setView] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // What was last saved: a download shows nowhere on a phone (the menu stayed as it was).
  const [saved, setSaved] = useState<string | null>(null);
  const save = (name: string, blob: Blob) => {
    download(name, blob);
    setSaved(name);
  };
  const exportRef = useRef<HTMLDetailsElement>(null);
  const [exportOpen, setExportOpen] = useState(false);
  // The menu floats over the panel: it closes as a popover does, on Escape (focus back on
  // "Export"), on a press outside it, and when focus moves on past it, which left the
  // knobs it covers focused under it. The listeners stay attached and check `open`: set up
  // on the (asynchronous) toggle event, a Tab and Escape pressed right after Enter came
  // before them and left the menu open.
  useEffect(() => {
    const menu = exportRef.current;
    if (!menu) return;
    const close = (refocus: boolean) => {
      menu.open = false;
      setExportOpen(false);
      if (refocus) menu.querySelector('summary')?.focus();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !menu.open) return;
      e.preventDefault();
      close(true);
    };
    const onFocusOut = (e: FocusEvent) => {
      if (menu.open && e.relatedTarget instanceof Node && !menu.contains(e.relatedTarget)) close(false);
    };
    const onPress = (e: PointerEvent) => {
      if (menu.open && e.target instanceof Node && !menu.contains(e.target)) close(false);
    };
    menu.addEventListener('keydown', onKey);
    menu.addEventListener('focusout', onFocusOut);
    document.addEventListener('pointerdown', onPress);
    return () => {
      menu.removeEventListener('keydown', onKey);
      menu.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('pointerdown', onPress);
    };
  }, []);
  // Opening renders the menu's controls at once (flushSync), not on the toggle event a task
  // later: a Tab pressed right after Enter found no controls and left the menu behind.
  const toggleExport = (e: MouseEvent) => {
    const menu = exportRef.current;
    if (!menu) return;
    e.preventDefault();
    const open = !menu.open;
    flushSync(() => setExportOpen(open));
    menu.open = open;
    if (open) listViews();
  };

  const listViews = () => {
    const names = [...(viewsRef.current?.querySelectorAll<HTMLElement>('section.view-row[aria-label]') ?? [])].map((s) => s.getAttribute('aria-label') ?? '');
    setViews(names);
    if (!names.includes(view)) setView(names[0] ?? '');
  };
  const section = () =>
    [...(viewsRef.current?.querySelectorAll<HTMLElement>('section.view-row[aria-label]') ?? [])].find((s) => s.getAttribute('aria-label') === view);
  const base = `${slug(title)}-${slug(view)}`;
  const hasSamples = series.some((s) => s.rows.length);
  const csvWhy = useId();

  const exportView = async (kind: 'png' | 'svg') => {
    setProblem(null);
    setSaved(null);
    const el = section();
    if (!el) return setProblem('Pick a view to export (the views appear once the simulation has started).');
    try {
      const { svg, width, height } = sectionToSvg(el, `${title} · t = ${formatSimTime(timeNs)} · InnoDB Lab, simulated`);
      if (kind === 'svg') save(`${base}.svg`, new Blob([svg], { type: 'image/svg+xml' }));
      else save(`${base}.png`, await svgToPng(svg, width, height));
    } catch (e) {
      setProblem(`The ${kind.toUpperCase()} could not be made: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  const copy = async (kind: 'link' | 'embed') => {
    const text = kind === 'link' ? await shareLink!(timeNs, speed) : embedSnippet!(timeNs, speed);
    const copied = await copyText(text);
    setShown({ kind, text, copied });
  };

  // The link or snippet box closes on Escape too, as the Export menu does, with focus back
  // on the button that opened it when focus was in the box (only "Close" did it).
  const tools = useRef<HTMLDivElement>(null);
  const onToolsKey = (e: ReactKeyboardEvent) => {
    if (e.key !== 'Escape' || !shown || e.defaultPrevented) return;
    e.preventDefault();
    const inBox = e.target instanceof Element && e.target.closest('.share-box') !== null;
    setShown(null);
    if (inBox) tools.current?.querySelector<HTMLButtonElement>(`button[data-share="${shown.kind}"]`)?.focus();
  };

  return (
    <div className="panel-tools" ref={tools} onKeyDown={onToolsKey}>
      {shareLink ? (
        <button type="button" data-share="link" onClick={() => void copy('link')} title={shareLinkTitle ?? 'A link to this lesson step, seed, knobs and simulated time'}>
          Copy link
        </button>
      ) : null}
      {embedSnippet ? (
        <button type="button" data-share="embed" onClick={() => void copy('embed')} title="HTML to show this experiment in a course page or slide">
          Embed
        </button>
      ) : null}
      <details className="export-menu" ref={exportRef} onToggle={() => {
          const open = exportRef.current?.open ?? false;
          setExportOpen(open);
          if (!open) setSaved(null);
        }}>
        <summary onClick={toggleExport}>Export</summary>
        {exportOpen ? (
        <div className="export-body">
          <label>
            View{' '}
            <select value={view} onChange={(e) => setView(e.target.value)} aria-label="View to export">
              {views.map((v) => (
                <option key={v}>{v}</option>
              ))}
            </select>
          </label>
          <button type="button" onClick={() => void exportView('png')} disabled={!view}>
            PNG
          </button>
          <button type="button" onClick={() => void exportView('svg')} disabled={!view}>
            SVG
          </button>
          <span className="export-sep" aria-hidden="true" />
          <button
            type="button"
            disabled={!hasSamples}
            aria-describedby={hasSamples ? undefined : csvWhy}
            onClick={() => save(`${slug(title)}-series.csv`, new Blob([seriesCsv(series, labels)], { type: 'text/csv' }))}
          >
            Series CSV
          </button>
          {hasSamples ? null : (
            <span id={csvWhy} className="muted">
              no samples yet (one every {sampleWords(sims)} of simulated time)
            </span>
          )}
          {(sims ?? []).map((s, i) => (
            <button
              type="button"
              key={i}
              title="Runs natively with: cargo run --release --bin innodb-sim -- run <file>"
              onClick={() => save(`${slug(title)}${sims && sims.length > 1 ? `-${i === 0 ? 'a' : 'b'}` : ''}.json`, new Blob([`${JSON.stringify(JSON.parse(s.json), null, 2)}\n`], { type: 'application/json' }))}
            >
              Scenario {sims && sims.length > 1 ? `${i === 0 ? 'A' : 'B'} ` : ''}JSON
            </button>
          ))}
          {problem ? (
            <p className="field-error" role="alert">
              {problem}
            </p>
          ) : null}
          {saved ? (
            <p className="export-saved muted" role="status">
              Saved {saved} to your downloads.
            </p>
          ) : null}
        </div>
        ) : null}
      </details>
      {shown ? (
        <div className="share-box" role="status">
          <span>{shown.copied ? (shown.kind === 'link' ? 'Link copied.' : 'Snippet copied.') : 'Copy this:'}</span>
          {shown.kind === 'link' ? (
            <input readOnly value={shown.text} aria-label="Link to this state" onFocus={(e) => e.target.select()} />
          ) : (
            <textarea readOnly value={shown.text} aria-label="Embed snippet" rows={3} onFocus={(e) => e.target.select()} />
          )}
          <button type="button" className="linklike" onClick={() => setShown(null)}>
            Close
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** How often the metrics are sampled: the scenario's run.sample_ms (100 ms by default). */
function sampleWords(sims: PanelSim[] | null): string {
  let ms = 100;
  try {
    const v = (JSON.parse(sims?.[0]?.json ?? '{}') as { run?: { sample_ms?: unknown } }).run?.sample_ms;
    if (typeof v === 'number' && v > 0) ms = v;
  } catch {
    // the panel reports a bad scenario elsewhere
  }
  return ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`;
}
