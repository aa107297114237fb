// Owns one EngineClient (one worker) for an experiment panel: (re)creates the
// simulations when the scenarios change, collects frames and series, and turns engine
// errors and automatic restarts into messages for the panel.

import { useCallback, useEffect, useRef, useState } from 'react';
import { EngineClient, type RestartInfo, type WorkerFactory } from '../engine/client';
import { registerDebugTarget } from '../engine/debugHook';
import { EngineError, parseEngineError, type EngineErrorData } from '../engine/errors';
import type { Frame } from '../engine/frames';
import type { PlayerSource } from '../player/usePlayer';
import { STATUS_MIN_INTERVAL_MS } from '../engine/statusThrottle';
import { mergeSeries, type SeriesData } from './seriesData';
import { mergeStatus, statusStale, type StatusSnapshot } from './statusData';

export type { StatusSnapshot } from './statusData';

export interface EngineSession {
  source: PlayerSource | null;
  frames: Frame[] | null;
  series: SeriesData[];
  /** The latest status_text() per simulation (only with `statusText`), and when it was taken. */
  status: (StatusSnapshot | null)[];
  error: EngineErrorData | null;
  /** The last automatic restart after an engine bug (shown until dismissed or re-created). */
  restart: RestartInfo | null;
  dismissRestart: () => void;
  creating: boolean;
  onFrames: (frames: Frame[]) => void;
  onError: (e: unknown) => void;
  client: EngineClient | null;
}

/**
 * `scenarios`: final scenario JSON strings (A[, B]); null while they load. `statusText`:
 * a STATUS view shows, so collect status_text() (about once a second of wall time).
 */
export function useEngineSession(scenarios: string[] | null, factory?: WorkerFactory, statusText = false): EngineSession {
  const [client, setClient] = useState<EngineClient | null>(null);
  const [source, setSource] = useState<PlayerSource | null>(null);
  const [frames, setFrames] = useState<Frame[] | null>(null);
  const [series, setSeries] = useState<SeriesData[]>([]);
  const [status, setStatus] = useState<(StatusSnapshot | null)[]>([]);
  const [error, setError] = useState<EngineErrorData | null>(null);
  const [restart, setRestart] = useState<RestartInfo | null>(null);
  const [creating, setCreating] = useState(false);
  const generation = useRef(0);

  useEffect(() => {
    const c: EngineClient = new EngineClient(factory, (info) => {
      generation.current += 1;
      if (info.ok) {
        setRestart(info);
        setSource({ engine: c.player(), generation: generation.current, startNs: info.timeNs });
      } else {
        setRestart(null);
        setSource(null);
        // Why the restart failed when that says more (not downloadable, crashing in a loop).
        const c = info.cause;
        setError(c && (c.code === 'unavailable' || c.code === 'crash') ? c : { code: 'panic', errors: [{ path: '', message: 'The engine hit a bug and could not be restarted. Reload the page to try again.' }] });
      }
    });
    setClient(c);
    const unregister = registerDebugTarget(c);
    return () => {
      unregister();
      c.dispose();
    };
  }, [factory]);

  const key = scenarios ? JSON.stringify(scenarios) : null;
  useEffect(() => {
    if (!client || !scenarios) return;
    let live = true;
    setCreating(true);
    setSource(null);
    setError(null);
    setRestart(null);
    setFrames(null);
    setSeries([]);
    setStatus([]);
    client
      .create(scenarios)
      .then(() => {
        if (!live) return;
        generation.current += 1;
        setSource({ engine: client.player(), generation: generation.current, startNs: 0 });
      })
      .catch((e: unknown) => live && setError(parseEngineError(e)))
      .finally(() => live && setCreating(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `scenarios`
  }, [client, key]);

  const onFrames = useCallback((fs: Frame[]) => {
    setFrames(fs);
    setSeries((prev) => fs.map((f, i) => mergeSeries(prev[i] ?? null, f.series)));
    setStatus((prev) => mergeStatus(prev, fs));
  }, []);

  useEffect(() => client?.setStatusText(statusText), [client, statusText]);

  // Paused with a status older than the frame shown (a step came sooner than the throttle
  // allows): ask once the interval has passed. While playing, frames keep coming, this
  // timer keeps being reset, and the frames carry the text themselves.
  useEffect(() => {
    if (!statusText || !client || !frames) return;
    if (!statusStale(status, frames)) return;
    let live = true;
    const timer = setTimeout(() => {
      client
        .status()
        .then(({ texts, timeNs }) => {
          if (!live || texts.every((t) => t === null)) return;
          setStatus((prev) => texts.map((text, i) => (text !== null ? { text, timeNs: timeNs[i] } : (prev[i] ?? null))));
        })
        .catch(() => undefined); // an engine error reaches the panel through the player
    }, STATUS_MIN_INTERVAL_MS + 50);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [statusText, client, frames, status]);

  const onError = useCallback((e: unknown) => {
    const data = parseEngineError(e);
    // A panic is already reported by the restart notice.
    if (e instanceof EngineError && (data.code === 'panic' || data.code === 'crash')) return;
    setError(data);
  }, []);

  const dismissRestart = useCallback(() => setRestart(null), []);

  return { source, frames, series, status, error, restart, dismissRestart, creating, onFrames, onError, client };
}
