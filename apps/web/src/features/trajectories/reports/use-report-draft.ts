import type { JsonObject, JsonValue } from '@groeipad/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  change as changeState,
  type DocumentState,
  loaded as loadedState,
  redo as redoState,
  status,
  undo as undoState,
} from '../../../lib/document-history';
import { useUndoRedoKeys } from '../../../lib/use-undo-redo-keys';
import { buildFormPatch, type FormValues, isEmptyValue } from '../form/form-values';
import type { LoadedReport } from './api/use-report';

interface Draft {
  /** The report the edits are made on: its values are what a save diffs against, its version the If-Match. */
  base: LoadedReport;
  values: DocumentState<JsonObject>;
}

const start = (report: LoadedReport): Draft => ({
  base: report,
  values: loadedState(report.report.values as JsonObject, report.version ?? 0),
});

/** Sets every key of `target` in the draft and drops the others (one undoable action). */
function replaceAll(draft: JsonObject, target: FormValues): void {
  for (const key of Object.keys(draft)) if (!Object.hasOwn(target, key)) delete draft[key];
  for (const [key, value] of Object.entries(target)) draft[key] = value as JsonValue;
}

/**
 * A report's own edit mode (spec part 1 §4 "Report and access editing"): undo and redo over the values
 * (a new action drops the redo tail; also Ctrl+Z / Ctrl+Shift+Z outside text fields while editing), dirty
 * when the values differ from the report they were loaded from, the patch a save sends. Like the access
 * section (detail/components/use-access-draft.ts) the leave guard is the frame's.
 */
export function useReportDraft(source: LoadedReport, editing: boolean) {
  const [draft, setDraft] = useState<Draft>(() => start(source));

  // Outside an edit the draft follows the server (first load, after a save, a reload); while editing a
  // background refetch never replaces what is being edited.
  useEffect(() => {
    if (!editing) setDraft((current) => (current.base === source ? current : start(source)));
  }, [source, editing]);

  const values = draft.values.history.document as FormValues;
  const patch = useMemo(() => buildFormPatch(draft.base.report.values, values), [draft.base, values]);
  const { canUndo, canRedo } = status(draft.values);

  const setValue = useCallback(
    (uuid: string, value: unknown) =>
      setDraft((current) => ({
        ...current,
        values: changeState(current.values, (doc) => {
          if (isEmptyValue(value)) delete doc[uuid];
          else doc[uuid] = value as JsonValue;
        }),
      })),
    [],
  );
  const undo = useCallback(
    () => setDraft((current) => ({ ...current, values: undoState(current.values) })),
    [],
  );
  const redo = useCallback(
    () => setDraft((current) => ({ ...current, values: redoState(current.values) })),
    [],
  );
  /** Back to the report the edits started from. */
  const discard = useCallback(() => setDraft((current) => start(current.base)), []);
  /** After a save or a reload: the server's report is the new start and the history restarts. */
  const restart = useCallback((report: LoadedReport) => setDraft(start(report)), []);
  /**
   * After a 409 was resolved: theirs is the new base (its version the next If-Match) and the resolved
   * values are one undoable action on top of it.
   */
  const rebase = useCallback(
    (theirs: LoadedReport, resolved: FormValues) =>
      setDraft(() => {
        const fresh = start(theirs);
        return { ...fresh, values: changeState(fresh.values, (doc) => replaceAll(doc, resolved)) };
      }),
    [],
  );

  useUndoRedoKeys(editing, undo, redo);

  return {
    base: draft.base,
    values,
    patch,
    dirty: patch.length > 0,
    canUndo,
    canRedo,
    setValue,
    undo,
    redo,
    discard,
    restart,
    rebase,
  };
}
