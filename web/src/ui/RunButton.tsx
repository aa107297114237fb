// The playground's Run button. It stays focusable while a run is checked or waits for its
// starting point (aria-disabled): a disabled button loses the keyboard's focus to the page.

interface Props {
  /** Two configurations (A/B). */
  pair: boolean;
  /** The scenario is being checked by the engine. */
  busy: boolean;
  /** Pressed before the starting point's text was in: it runs once it is. */
  queued: boolean;
  onRun: () => void;
}

export function RunButton({ pair, busy, queued, onRun }: Props) {
  return (
    <button type="button" className="primary" onClick={onRun} aria-disabled={busy || queued || undefined}>
      {queued ? 'Runs once its starting point is loaded…' : `Run this scenario${pair ? ' pair' : ''}`}
    </button>
  );
}
