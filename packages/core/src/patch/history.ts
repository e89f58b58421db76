import { applyPatch } from './apply.ts';
import { applyWithInverse } from './invert.ts';
import type { JsonValue } from './json.ts';
import type { PatchOperation } from './operation.ts';

/** One undoable action: the patch that did it and the patch that undoes it. */
export interface HistoryEntry {
  readonly patch: readonly PatchOperation[];
  readonly inverse: readonly PatchOperation[];
}

/**
 * An editor's undo/redo history as an immutable value. `past` ends with the most recent
 * action; `future` starts with the next action to redo. `savedIndex` is the length of `past`
 * at the last save, or null once that point has been discarded by a new branch; `sinceSave`
 * logs every patch applied since the save, in order, for that case.
 */
export interface EditHistory<T = JsonValue> {
  readonly document: T;
  readonly past: readonly HistoryEntry[];
  readonly future: readonly HistoryEntry[];
  readonly savedIndex: number | null;
  readonly sinceSave: readonly PatchOperation[];
}

/** A fresh history whose saved state is `document`. */
export function createHistory<T>(document: T): EditHistory<T> {
  return { document, past: [], future: [], savedIndex: 0, sinceSave: [] };
}

/** Restarts the history at `document` (after a reload or a cancel). */
export const resetHistory = createHistory;

/**
 * Applies an action. The redo tail is discarded. An empty patch changes nothing.
 * Throws a PatchError (and leaves the history as it was) when the patch does not apply.
 *
 * `merge`: the action continues the last one (typing in one field, issue 21), so one undo takes back
 * both. It merges only when the last action is still the newest (nothing undone since) and the save
 * point is not between them; otherwise it is an action of its own.
 */
export function pushAction<T>(
  history: EditHistory<T>,
  patch: readonly PatchOperation[],
  merge = false,
): EditHistory<T> {
  if (patch.length === 0) return history;
  const { document, inverse } = applyWithInverse(history.document, patch);
  const savedIndex =
    history.savedIndex !== null && history.savedIndex <= history.past.length ? history.savedIndex : null;
  const last = history.past.at(-1);
  const merged =
    merge && last !== undefined && history.future.length === 0 && savedIndex !== history.past.length;
  const past = merged
    ? [
        ...history.past.slice(0, -1),
        { patch: [...last.patch, ...patch], inverse: [...inverse, ...last.inverse] },
      ]
    : [...history.past, { patch: [...patch], inverse }];
  return { document, past, future: [], savedIndex, sinceSave: [...history.sinceSave, ...patch] };
}

export function canUndo(history: EditHistory<unknown>): boolean {
  return history.past.length > 0;
}

export function canRedo(history: EditHistory<unknown>): boolean {
  return history.future.length > 0;
}

export function undoHistory<T>(history: EditHistory<T>): EditHistory<T> {
  const entry = history.past[history.past.length - 1];
  if (!entry) return history;
  return {
    document: applyPatch(history.document, entry.inverse),
    past: history.past.slice(0, -1),
    future: [entry, ...history.future],
    savedIndex: history.savedIndex,
    sinceSave: [...history.sinceSave, ...entry.inverse],
  };
}

export function redoHistory<T>(history: EditHistory<T>): EditHistory<T> {
  const [entry, ...rest] = history.future;
  if (!entry) return history;
  return {
    document: applyPatch(history.document, entry.patch),
    past: [...history.past, entry],
    future: rest,
    savedIndex: history.savedIndex,
    sinceSave: [...history.sinceSave, ...entry.patch],
  };
}

/** True when the document is not at the last saved point of the history. */
export function hasUnsavedChanges(history: EditHistory<unknown>): boolean {
  return history.savedIndex !== history.past.length;
}

/** The patch that turns the last saved document into the current one (what save sends). */
export function patchSinceSave(history: EditHistory<unknown>): PatchOperation[] {
  const { savedIndex, past, future } = history;
  if (savedIndex === null) return [...history.sinceSave];
  if (savedIndex === past.length) return [];
  if (savedIndex < past.length) return past.slice(savedIndex).flatMap((entry) => entry.patch);
  // The saved point lies ahead in the redo list: walk back from it to the current document.
  return future
    .slice(0, savedIndex - past.length)
    .reverse()
    .flatMap((entry) => entry.inverse);
}

/** Marks the current document as saved; undo and redo stay available. */
export function markSaved<T>(history: EditHistory<T>): EditHistory<T> {
  return { ...history, savedIndex: history.past.length, sinceSave: [] };
}
