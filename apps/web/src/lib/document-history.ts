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
  /** The text being typed, while the last action was typing: the next keystroke may join it. */
  typing?: Typing;
}

interface Typing {
  path: string;
  at: number;
  /** The last keystroke ended a word (the text now ends in a space or a line break). */
  wordEnded: boolean;
}

/**
 * Typing pauses longer than this start a new undo step (as text editors do); so does a new word and
 * another field. Ten typed words undo in at most ten presses, one word at a time when typed quickly.
 */
export const TYPING_PAUSE_MS = 1500;

/** A change that types text in one place: one `add` or `replace` of a string, from a string or nothing. */
function typingOf(before: JsonValue, patch: readonly PatchOperation[], at: number): Typing | undefined {
  const [op] = patch;
  if (patch.length !== 1 || !op || (op.op !== 'replace' && op.op !== 'add')) return undefined;
  if (typeof op.value !== 'string') return undefined;
  const old = valueAt(before, op.path);
  if (old !== undefined && typeof old !== 'string') return undefined;
  const ended = /\s$/.test(op.value) && !/\s$/.test(old ?? '');
  return { path: op.path, at, wordEnded: ended };
}

function valueAt(document: JsonValue, pointer: string): JsonValue | undefined {
  let here: JsonValue | undefined = document;
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
    if (here === null || typeof here !== 'object') return undefined;
    here = Array.isArray(here) ? here[Number(key)] : Object.hasOwn(here, key) ? here[key] : undefined;
  }
  return here;
}

export function loaded<T extends JsonValue>(document: T, version: number): DocumentState<T> {
  return { history: createHistory(document), version };
}

/**
 * Applies `recipe` to the current document as one undoable action (nothing when it changes nothing).
 * Typing joins the action before it while it goes on in the same place, within the pause, in the same
 * word (issue 21: undo takes back a word, not a character).
 */
export function change<T extends JsonValue>(
  state: DocumentState<T>,
  recipe: (draft: T) => void,
  now: number = Date.now(),
): DocumentState<T> {
  const next = produce(state.history.document, recipe) as T;
  const patch: PatchOperation[] = diffJson(state.history.document, next);
  if (patch.length === 0) return state;
  const typing = typingOf(state.history.document, patch, now);
  const last = state.typing;
  const joins =
    typing !== undefined &&
    last !== undefined &&
    last.path === typing.path &&
    now - last.at < TYPING_PAUSE_MS &&
    !last.wordEnded;
  const { typing: _, ...rest } = state;
  return {
    ...rest,
    history: pushAction(state.history, patch, joins),
    ...(typing ? { typing } : {}),
  };
}

export const undo = <T extends JsonValue>(state: DocumentState<T>): DocumentState<T> => ({
  version: state.version,
  history: undoHistory(state.history),
});
export const redo = <T extends JsonValue>(state: DocumentState<T>): DocumentState<T> => ({
  version: state.version,
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
