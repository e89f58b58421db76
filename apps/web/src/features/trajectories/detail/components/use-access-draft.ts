import { accessProblems, type TrajectoryAccess } from '@groeipad/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AccessRecipe } from '../../../../components/access-editor/access-editor';
import {
  change as changeState,
  type DocumentState,
  loaded,
  redo as redoState,
  saved,
  status,
  undo as undoState,
} from '../../../../lib/document-history';
import { useUndoRedoKeys } from '../../../../lib/use-undo-redo-keys';

/**
 * The access section's draft (spec part 1 §4 "Report and access editing"): undo and redo (a new action
 * drops the redo tail; also Ctrl+Z / Ctrl+Shift+Z outside text fields while editing), dirty and valid,
 * the history restarted after a save. Unlike lib/use-document-editor the leave guard is the frame's
 * (a router has one blocker), and the save is a whole-list PUT, not a patch.
 */
export function useAccessDraft(
  source: { access: TrajectoryAccess; version: number } | undefined,
  editing: boolean,
) {
  const [state, setState] = useState<DocumentState<TrajectoryAccess> | null>(null);

  // Outside an edit the draft is the server's list (first load, after a save or a reload); Cancel
  // (editing turned off) therefore reverts to the last saved list.
  useEffect(() => {
    if (!source) return;
    setState((current) => (editing && current ? current : loaded(source.access, source.version)));
  }, [source, editing]);

  const flags = useMemo(
    () => (state ? status(state) : { canUndo: false, canRedo: false, dirty: false }),
    [state],
  );
  const problems = useMemo(() => (state ? accessProblems(state.history.document) : []), [state]);

  const change = useCallback(
    (recipe: AccessRecipe) =>
      setState((current) => (current && editing ? changeState(current, (draft) => recipe(draft)) : current)),
    [editing],
  );
  const undo = useCallback(() => setState((current) => (current ? undoState(current) : current)), []);
  const redo = useCallback(() => setState((current) => (current ? redoState(current) : current)), []);
  /** Back to the last saved list. */
  const discard = useCallback(() => {
    if (source) setState(loaded(source.access, source.version));
  }, [source]);
  /** After a save: the server's answer is the new saved point and the history restarts. */
  const restart = useCallback(
    (access: TrajectoryAccess, version: number) =>
      setState((current) => (current ? saved(current, access, version) : loaded(access, version))),
    [],
  );

  useUndoRedoKeys(editing, undo, redo);

  return {
    access: state?.history.document ?? null,
    version: state?.version ?? null,
    ...flags,
    valid: problems.length === 0,
    change,
    undo,
    redo,
    discard,
    restart,
  };
}
