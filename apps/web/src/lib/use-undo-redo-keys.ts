import { useEffect } from 'react';

/** Text fields keep their own undo; checkboxes, radios and buttons use the document's. */
const TEXT_FIELD =
  'textarea, [contenteditable="true"], input:not([type="checkbox"]):not([type="radio"]):not([type="button"])';

/**
 * Ctrl+Z / Cmd+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes — the document's history, not a text field's —
 * while `enabled`. One handler for every editor (blueprints, trajectory access, reports).
 */
export function useUndoRedoKeys(enabled: boolean, undo: () => void, redo: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest(TEXT_FIELD) || !(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        undo();
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault();
        redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, undo, redo]);
}
