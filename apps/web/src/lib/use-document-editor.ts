import type { JsonValue, PatchOperation } from '@groeipad/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { ApiError } from './api-error';
import {
  change as changeState,
  type DocumentState,
  loaded,
  pendingPatch,
  redo as redoState,
  saved,
  status,
  undo as undoState,
} from './document-history';
import { useUndoRedoKeys } from './use-undo-redo-keys';

export interface DocumentEditorOptions<T extends JsonValue> {
  /** Loads the document and its version. */
  load: () => Promise<{ document: T; version: number }>;
  /** Sends the accumulated patch made on `version`; answers the saved document and its new version. */
  save: (patch: PatchOperation[], version: number) => Promise<{ document: T; version: number }>;
  /** Whether the user may change it (WRITE); without it the editor is read-only. */
  writable: boolean;
}

export type SaveOutcome = 'saved' | 'unchanged' | 'stale' | 'failed';

/**
 * The editing state every document editor shares (blueprint editors now, trajectory sections next):
 * load, undo/redo (also Ctrl+Z / Ctrl+Shift+Z and Ctrl+Y outside text fields), save only when
 * changed, reload after save, a guard against leaving with unsaved changes (exitDocumentMessage),
 * and a 409 kept visible (`stale`) until the user reloads: nothing is dropped silently.
 */
export function useDocumentEditor<T extends JsonValue>(options: DocumentEditorOptions<T>) {
  const [state, setState] = useState<DocumentState<T> | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [stale, setStale] = useState<number | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const reload = useCallback(async () => {
    setLoadError(null);
    setStale(null);
    try {
      const { document, version } = await optionsRef.current.load();
      setState(loaded(document, version));
    } catch (error) {
      setLoadError(error);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const flags = useMemo(
    () => (state ? status(state) : { canUndo: false, canRedo: false, dirty: false }),
    [state],
  );
  const writable = options.writable && state !== null;

  const change = useCallback((recipe: (draft: T) => void) => {
    if (!optionsRef.current.writable) return;
    setState((current) => (current ? changeState(current, recipe) : current));
  }, []);
  const undo = useCallback(() => setState((current) => (current ? undoState(current) : current)), []);
  const redo = useCallback(() => setState((current) => (current ? redoState(current) : current)), []);

  const save = useCallback(async (): Promise<SaveOutcome> => {
    if (!state) return 'unchanged';
    const patch = pendingPatch(state);
    if (patch.length === 0) return 'unchanged';
    setSaving(true);
    setSaveError(null);
    try {
      const result = await optionsRef.current.save(patch, state.version);
      setState(saved(state, result.document, result.version));
      return 'saved';
    } catch (error) {
      setSaveError(error);
      if (error instanceof ApiError && error.isStale) {
        setStale(error.version);
        return 'stale';
      }
      return 'failed';
    } finally {
      setSaving(false);
    }
  }, [state]);

  // Keyboard undo and redo.
  useUndoRedoKeys(true, undo, redo);

  // Leaving with unsaved changes asks first: in the app (router) and when closing the tab.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => flags.dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!flags.dirty) return;
    const onUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [flags.dirty]);

  return useMemo(
    () => ({
      document: state?.history.document ?? null,
      version: state?.version ?? null,
      loading: state === null && loadError === null,
      loadError,
      writable,
      ...flags,
      change,
      undo,
      redo,
      save,
      saving,
      saveError,
      /** The current version when the last save was refused as stale (409), else null. */
      stale,
      reload,
      blocker,
    }),
    [state, loadError, writable, flags, change, undo, redo, save, saving, saveError, stale, reload, blocker],
  );
}

export type DocumentEditor<T extends JsonValue> = ReturnType<typeof useDocumentEditor<T>>;
