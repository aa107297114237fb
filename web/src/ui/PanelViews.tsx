// The views of an experiment panel, in VISUAL.md order: structure views (A | B side by
// side: tree, pool, threads, AHI, redo, query cache), charts (A and B overlaid), then text and numbers
// (sysbench report, STATUS, sizes, counters).

import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { EngineClient } from '../engine/client';
import type { Frame } from '../engine/frames';
import type { ChartSpec, SizeReferenceSpec, ViewName } from '../lessons/types';
import type { PageRecords } from '../views/index';
import type { Palette } from './palette';
import type { SeriesData } from './seriesData';
import type { StatusSnapshot } from './useEngineSession';
import { useViewComponents, ViewSlot } from './ViewSlot';
import { useAlignAcross } from './alignAcross';
import { VIEW_TITLES } from './viewTitles';
import type { ViewComponents } from './viewModules';

const EMPTY_SERIES: SeriesData = { columns: [], rows: [] };

/** Stand-ins while the views chunk loads. */
function Loading() {
  return (
    <div className="view-placeholder">
      <span className="muted">view loading</span>
    </div>
  );
}
const LOADING = {
  BTreeView: Loading,
  BufferPoolView: Loading,
  MetricsTable: Loading,
  SizeTable: Loading,
  TimeSeriesChart: Loading,
  FillHistogram: Loading,
  ThreadsBar: Loading,
  ThreadsView: Loading,
  AhiView: Loading,
  StatusView: Loading,
  SysbenchReport: Loading,
  RedoView: Loading,
  SweepChart: Loading,
  QueryCacheView: Loading,
} as unknown as ViewComponents;

interface Props {
  frames: Frame[];
  series: SeriesData[];
  /** The latest status text per simulation (null until one arrives). */
  status: (StatusSnapshot | null)[];
  labels: string[];
  views: ViewName[];
  charts: ChartSpec[];
  sizeReference?: SizeReferenceSpec[];
  /** The index the Leaf page fill view shows first (the experiment's `fill_index`). */
  fillIndex?: string;
  palette: Palette;
  reducedMotion: boolean;
  client: EngineClient | null;
}

/** Records of the leaf a reader opened in the B+tree of simulation `sim`. */
function useLeafRecords(client: EngineClient | null, sim: number, frame: Frame) {
  const [leaf, setLeaf] = useState<number | null>(null);
  const [records, setRecords] = useState<PageRecords | undefined>(undefined);
  const last = useRef(0);
  const fetchLeaf = useCallback(
    (l: number) => {
      if (!client) return;
      last.current = Date.now();
      client
        .pageRecords(sim, 0, l, 200)
        .then((json) => setRecords(JSON.parse(json) as PageRecords))
        .catch(() => setRecords(undefined));
    },
    [client, sim],
  );
  // Refresh the open leaf as the simulation moves (at most 4 times a second).
  useEffect(() => {
    if (leaf !== null && Date.now() - last.current > 250) fetchLeaf(leaf);
  }, [frame, leaf, fetchLeaf]);
  const onZoom = useCallback(
    (l: number) => {
      setLeaf(l);
      setRecords(undefined);
      fetchLeaf(l);
    },
    [fetchLeaf],
  );
  return { onZoom, records };
}

function TreeCell({ frame, sim, label, client, reducedMotion, C }: { frame: Frame; sim: number; label: string; client: EngineClient | null; reducedMotion: boolean; C: ViewComponents['BTreeView'] }) {
  const { onZoom, records } = useLeafRecords(client, sim, frame);
  return <C frame={frame} label={label} reducedMotion={reducedMotion} onZoom={onZoom} records={records} />;
}

/** "table.index" when the frame has several tables, else the index name. */
function indexLabel(f: Frame, i: number): string {
  const ix = f.indexes[i];
  if (!ix) return `index ${i}`;
  return f.indexes.some((o) => o.table !== ix.table) ? `${ix.table}.${ix.name}` : ix.name;
}

/** Index `i`'s table as a position (0 = the frame's first table): A and B may name their tables differently. */
function tableOrdinal(f: Frame, i: number): number {
  const tables: string[] = [];
  for (const ix of f.indexes) if (!tables.includes(ix.table)) tables.push(ix.table);
  return tables.indexOf(f.indexes[i]?.table ?? '');
}

/** B's index number for A's index `ai`: the same name in the same table position, or -1. */
function matchingIndex(a: Frame, ai: number, b: Frame): number {
  const t = tableOrdinal(a, ai);
  return b.indexes.findIndex((ix, i) => ix.name === a.indexes[ai]?.name && tableOrdinal(b, i) === t);
}

/**
 * The Leaf page fill row: a histogram of one index (A and B side by side), which the reader
 * picks when the table has more than one; `fillIndex` names the first one shown.
 */
function FillRow({ frames, labels, fillIndex, reducedMotion, C }: { frames: Frame[]; labels: string[]; fillIndex?: string; reducedMotion: boolean; C: ViewComponents['FillHistogram'] }) {
  const [a, b] = frames;
  const pair = frames.length > 1;
  const wanted = fillIndex === undefined ? 0 : a.indexes.findIndex((ix) => ix.name === fillIndex);
  const [picked, setPicked] = useState<number | null>(null);
  const ai = picked !== null && picked < a.indexes.length ? picked : Math.max(0, wanted);
  const chosen = a.indexes[ai];
  const bi = b && chosen ? matchingIndex(a, ai, b) : -1;
  const selectId = useId();
  return (
    <section className="view-row" aria-label={VIEW_TITLES['fill-histogram']} data-view="fill-histogram">
      <div className="view-row-head">
        <h3>{VIEW_TITLES['fill-histogram']}</h3>
        {a.indexes.length > 1 ? (
          <label className="view-choice" htmlFor={selectId}>
            Index
            <select id={selectId} value={ai} onChange={(e) => setPicked(Number(e.target.value))}>
              {a.indexes.map((_, i) => (
                <option key={i} value={i}>
                  {indexLabel(a, i)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      {wanted < 0 ? (
        <p className="notice notice-error" role="alert">
          fill_index: this table has no index “{fillIndex}”, so the view shows {indexLabel(a, ai)}. Its indexes:{' '}
          {a.indexes.map((_, i) => indexLabel(a, i)).join(', ')}.
        </p>
      ) : null}
      {b && chosen && bi < 0 ? (
        <p className="muted">
          {labels[1] ?? 'B'} has no index {indexLabel(a, ai)}: only {labels[0] ?? 'A'} is drawn.
        </p>
      ) : null}
      <ViewSlot title={VIEW_TITLES['fill-histogram']}>
        {() => (
          <C
            frame={a}
            index={ai}
            compare={bi >= 0 ? b : undefined}
            compareIndex={bi >= 0 ? bi : undefined}
            labels={pair && bi >= 0 ? [labels[0], labels[1]] : undefined}
            label={pair && bi >= 0 ? undefined : labels[0]}
            reducedMotion={reducedMotion}
          />
        )}
      </ViewSlot>
    </section>
  );
}

/** One structure view per simulation, side by side, their `data-align` blocks lined
 *  up (alignAcross.ts). */
/** When a side's workload ran out, in seconds (null while it runs or for a run of set duration). */
function finishedS(f: Frame | undefined): number | null {
  const ns = f?.summary?.finishedNs;
  return ns === null || ns === undefined ? null : ns / 1e9;
}

function SideBySide({ view, title, frames, cell }: { view: ViewName; title: string; frames: Frame[]; cell: (f: Frame, i: number) => React.ReactNode }) {
  const cols = useRef<HTMLDivElement>(null);
  useAlignAcross(cols, frames.length);
  return (
    <section className="view-row" aria-label={title} data-view={view}>
      <h3>{title}</h3>
      <div className={`view-cols n${frames.length}`} ref={cols}>
        {frames.map((f, i) => (
          <div className="view-col" key={i}>
            <ViewSlot title={title}>{() => cell(f, i)}</ViewSlot>
          </div>
        ))}
      </div>
    </section>
  );
}

export function PanelViews({ frames, series, status, labels, views, charts, sizeReference, fillIndex, palette, reducedMotion, client }: Props) {
  const { components: V, failed } = useViewComponents();
  const W = V ?? LOADING;
  const ab = (i: number) => (i === 0 ? palette.ab.A : palette.ab.B);
  const pair = frames.length > 1;
  const named = frames.map((f, i) => ({ label: labels[i] ?? '', summary: f.summary }));
  const has = (v: ViewName) => views.includes(v);
  const started = frames.some((f) => f.timeNs > 0);

  const sideBySide = (view: ViewName, title: string, cell: (f: Frame, i: number) => React.ReactNode) => <SideBySide view={view} title={title} frames={frames} cell={cell} />;

  return (
    <>
      {failed ? (
        <div className="notice notice-error" role="alert">
          The drawing code could not be loaded. Check the connection and reload the page.
        </div>
      ) : null}
      {has('btree') &&
        sideBySide('btree', VIEW_TITLES.btree, (f, i) => (
          <TreeCell frame={f} sim={i} label={labels[i]} client={client} reducedMotion={reducedMotion} C={W.BTreeView} />
        ))}
      {has('pool') && sideBySide('pool', VIEW_TITLES.pool, (f, i) => <W.BufferPoolView frame={f} label={labels[i]} reducedMotion={reducedMotion} />)}
      {has('threads') && sideBySide('threads', VIEW_TITLES.threads, (f, i) => <W.ThreadsView frame={f} label={pair ? labels[i] : undefined} />)}
      {has('ahi') && sideBySide('ahi', VIEW_TITLES.ahi, (f, i) => <W.AhiView frame={f} label={pair ? labels[i] : undefined} />)}
      {has('redo') && sideBySide('redo', VIEW_TITLES.redo, (f, i) => <W.RedoView frame={f} label={pair ? labels[i] : undefined} reducedMotion={reducedMotion} />)}
      {has('qc') && sideBySide('qc', VIEW_TITLES.qc, (f, i) => <W.QueryCacheView frame={f} label={pair ? labels[i] : undefined} reducedMotion={reducedMotion} />)}
      {has('fill-histogram') && <FillRow frames={frames} labels={labels} fillIndex={fillIndex} reducedMotion={reducedMotion} C={W.FillHistogram} />}
      {has('charts') &&
        charts.map((c) => (
          <section className="view-row chart-row" key={c.column} aria-label={c.label} data-view="charts" data-chart={c.column}>
            <ViewSlot title={c.label}>
              {() => (
                <W.TimeSeriesChart
                  series={series.map((s, i) => ({ label: labels[i] ?? '', color: ab(i), columns: s.columns, rows: s.rows, finishedS: finishedS(frames[i]) }))}
                  column={c.column}
                  label={c.label}
                  unit={c.unit}
                  reference={c.reference}
                  limits={c.limits}
                  highlightWhen={c.highlight}
                  fromZero={c.fromZero}
                  reducedMotion={reducedMotion}
                  started={started}
                />
              )}
            </ViewSlot>
          </section>
        ))}
      {has('sysbench') &&
        sideBySide('sysbench', VIEW_TITLES.sysbench, (f, i) => (
          <W.SysbenchReport
            series={series[i] ?? EMPTY_SERIES}
            threads={f.summary.threads.clients ?? (f.summary.threads.total || f.threadStates.length)}
            label={pair ? labels[i] : undefined}
            started={f.timeNs > 0}
          />
        ))}
      {has('status') &&
        sideBySide('status', VIEW_TITLES.status, (f, i) => <W.StatusView text={status[i]?.text ?? null} timeNs={f.timeNs} label={pair ? labels[i] : undefined} />)}
      {has('sizes') && (
        <section className="view-row" aria-label={VIEW_TITLES.sizes} data-view="sizes">
          <ViewSlot title={VIEW_TITLES.sizes}>
            {() => <W.SizeTable frames={named} reference={sizeReference} />}
          </ViewSlot>
        </section>
      )}
      {has('metrics') && (
        <section className="view-row" aria-label={VIEW_TITLES.metrics} data-view="metrics">
          <ViewSlot title={VIEW_TITLES.metrics}>
            {() => (
              <>
                {/* the threads view has its own bar */}
                {!has('threads') &&
                  frames.map((f, i) => <W.ThreadsBar key={i} threads={f.summary.threads} label={pair ? labels[i] : undefined} done={f.summary.done} />)}
                <W.MetricsTable frames={named} queryCache={frames.some((f) => f.qcKind !== 'none')} />
              </>
            )}
          </ViewSlot>
        </section>
      )}
    </>
  );
}
