// A notice over the playground's editor about the edits on screen, with the one action
// that takes it back: "Undo" after another starting point replaced them, "Discard them"
// after a reload brought back edits never run.

export function EditNotice({ className, text, action, onAction }: { className: string; text: string; action: string; onAction: () => void }) {
  return (
    <p className={`notice ${className}`} role="status">
      {text}{' '}
      <button type="button" className="linklike" onClick={onAction}>
        {action}
      </button>
    </p>
  );
}
