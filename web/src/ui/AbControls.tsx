// The playground's A/B switch: compare with a second configuration, and which one the
// form and the JSON below edit.

type Side = 'A' | 'B';

interface Props {
  compare: boolean;
  onCompare: (on: boolean) => void;
  editing: Side;
  onEdit: (side: Side) => void;
}

export function AbControls({ compare, onCompare, editing, onEdit }: Props) {
  return (
    <div className="ab-controls">
      <label>
        <input type="checkbox" checked={compare} onChange={(e) => onCompare(e.target.checked)} /> Compare with a second configuration (A/B)
      </label>
      {compare ? (
        <div role="group" aria-label="Configuration to edit" className="ab-tabs">
          {(['A', 'B'] as const).map((s) => (
            <button key={s} type="button" aria-pressed={editing === s} className={editing === s ? 'primary' : ''} onClick={() => onEdit(s)}>
              Edit {s}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
