import {
  canRedo,
  canUndo,
  createHistory,
  diffJson,
  type EditHistory,
  hasUnsavedChanges,
  type JsonValue,
  markSaved,
  type PatchOperation,
  patchSinceSave,
  pushAction,
  redoHistory,
  undoHistory,
} from '@groeipad/core';
import { produce } from 'immer';

/**
 * An editor's document with its undo/redo history (spec part 2 §4): pure functions over core's
 * history, so they are unit-tested without a browser. A change is written as an immer recipe; the
 * action recorded is the JSON Patch from the old to the new document (core diffJson), so what save
 * sends is exactly what changed.
 */
export interface DocumentState<T extends JsonValue = JsonValue> {
  history: EditHistory<T>;
  /** The version the document was loaded or last saved at (If-Match). */
  version: number;
}

export function loaded<T extends JsonValue>(document: T, version: number): DocumentState<T> {
  return { history: createHistory(document), version };
}

/** Applies `recipe` to the current document as one undoable action (nothing when it changes nothing). */
export function change<T extends JsonValue>(
  state: DocumentState<T>,
  recipe: (draft: T) => void,
): DocumentState<T> {
  const next = produce(state.history.document, recipe) as T;
  const patch: PatchOperation[] = diffJson(state.history.document, next);
  if (patch.length === 0) return state;
  return { ...state, history: pushAction(state.history, patch) };
}

export const undo = <T extends JsonValue>(state: DocumentState<T>): DocumentState<T> => ({
  ...state,
  history: undoHistory(state.history),
});
export const redo = <T extends JsonValue>(state: DocumentState<T>): DocumentState<T> => ({
  ...state,
  history: redoHistory(state.history),
});

export function status(state: DocumentState) {
  return {
    canUndo: canUndo(state.history),
    canRedo: canRedo(state.history),
    dirty: hasUnsavedChanges(state.history),
  };
}

/** What save sends: the patch from the saved document to the current one. */
export const pendingPatch = (state: DocumentState): PatchOperation[] => patchSinceSave(state.history);

/** After a save: the server's document becomes the new saved point (its history restarts). */
export function saved<T extends JsonValue>(
  _state: DocumentState<T>,
  document: T,
  version: number,
): DocumentState<T> {
  return { history: markSaved(createHistory(document)), version };
}

export { markSaved };
