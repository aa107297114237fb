// The playground's "Start from" menu: the engine's defaults, then the starting points
// (lesson experiments, scenario files) grouped as they are listed.
import type { Preset } from './playgroundPresets';

export function StartPicker({ value, defaultsLabel, presets, onPick }: { value: string; defaultsLabel: string; presets: Preset[]; onPick: (id: string) => void }) {
  const groups = [...new Set(presets.map((p) => p.group))];
  return (
    <label>
      Start from{' '}
      <select value={value} onChange={(e) => onPick(e.target.value)}>
        <option value={defaultsLabel}>{defaultsLabel}</option>
        {groups.map((g) => (
          <optgroup key={g} label={g}>
            {presets
              .filter((p) => p.group === g)
              .map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
    </label>
  );
}
