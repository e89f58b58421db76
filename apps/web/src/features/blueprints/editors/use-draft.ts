import { useCallback, useEffect, useRef, useState } from 'react';

/** How long typing may pause before the text becomes one undoable change. */
export const COMMIT_DELAY_MS = 500;

/**
 * A text being typed that becomes a document change when the typing pauses, on blur or on Enter, so
 * undo steps are words rather than letters and Save lights up shortly after typing. A change of
 * `value` from outside (undo, reload) replaces the draft.
 */
export function useDraft(value: string, onCommit: (text: string) => void) {
  const [draft, setDraftState] = useState(value);
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commitRef = useRef(onCommit);
  commitRef.current = onCommit;

  useEffect(() => {
    if (pending.current === null) setDraftState(value);
  }, [value]);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const text = pending.current;
    pending.current = null;
    if (text !== null) commitRef.current(text);
  }, []);

  const setDraft = useCallback(
    (text: string) => {
      setDraftState(text);
      pending.current = text;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, COMMIT_DELAY_MS);
    },
    [flush],
  );

  useEffect(() => () => flush(), [flush]);

  return { draft, setDraft, flush, reset: () => setDraftState(value) };
}
