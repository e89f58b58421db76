import { useEffect } from 'react';

/**
 * Text fields that keep their own undo: those in a dialog (its input is not the editor's document yet)
 * and those marked `data-own-undo` (a filter box).
 */
const OWN_UNDO = '[role="dialog"], [data-own-undo]';

/**
 * Ctrl+Z / Cmd+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes — the document's history — while `enabled`, also
 * inside the editor's text fields (issue 21: one undo history; the field's own undo would be a second
 * one that knows nothing of the editor's redo). Typing is grouped into words by the history
 * (lib/document-history.ts). One handler for every editor (blueprints, trajectory access, reports).
 */
export function useUndoRedoKeys(enabled: boolean, undo: () => void, redo: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest(OWN_UNDO) || !(event.ctrlKey || event.metaKey) || event.altKey) return;
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
