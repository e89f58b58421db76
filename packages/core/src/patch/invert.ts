import { applyOperation, getAtSegments } from './apply.ts';
import { isJsonObject, type JsonValue } from './json.ts';
import type { PatchOperation } from './operation.ts';
import { formatPointer, isPointerWithin, parseArrayIndex, parsePointer } from './pointer.ts';

/** What undoes an `add` of anything at `path` to `doc` (the document before the add). */
function undoAdd(doc: JsonValue, path: string): PatchOperation {
  const segments = parsePointer(path);
  if (segments.length === 0) return { op: 'replace', path: '', value: doc };
  const parentSegments = segments.slice(0, -1);
  const key = segments[segments.length - 1]!;
  const parent = getAtSegments(doc, parentSegments);
  if (Array.isArray(parent)) {
    const index = parseArrayIndex(key, true);
    const resolved = index === -1 ? parent.length : index;
    return { op: 'remove', path: formatPointer([...parentSegments, String(resolved)]) };
  }
  if (isJsonObject(parent) && Object.hasOwn(parent, key)) return { op: 'replace', path, value: parent[key]! };
  return { op: 'remove', path };
}

/** The operations (in order) that undo `operation`, given the document it was applied to. */
function invertOne(doc: JsonValue, operation: PatchOperation): PatchOperation[] {
  switch (operation.op) {
    case 'add':
    case 'copy':
      return [undoAdd(doc, operation.path)];
    case 'remove':
      return [{ op: 'add', path: operation.path, value: getAtSegments(doc, parsePointer(operation.path)) }];
    case 'replace':
      return [
        { op: 'replace', path: operation.path, value: getAtSegments(doc, parsePointer(operation.path)) },
      ];
    case 'move': {
      if (operation.from === operation.path) return [];
      const value = getAtSegments(doc, parsePointer(operation.from));
      const withoutSource = applyOperation(doc, { op: 'remove', path: operation.from });
      const undo = undoAdd(withoutSource, operation.path);
      // A move back is only allowed when its source is not a proper prefix of its target (RFC 6902).
      if (undo.op === 'remove' && !isPointerWithin(operation.from, undo.path)) {
        return [{ op: 'move', from: undo.path, path: operation.from }];
      }
      return [undo, { op: 'add', path: operation.from, value }];
    }
    case 'test':
      return [];
  }
}

/** Applies `patch` and returns the new document together with the patch that undoes it. */
export function applyWithInverse<T>(
  doc: T,
  patch: readonly PatchOperation[],
): { document: T; inverse: PatchOperation[] } {
  const steps: PatchOperation[][] = [];
  let current = doc as JsonValue;
  patch.forEach((operation, index) => {
    const next = applyOperation(current, operation, index);
    steps.push(invertOne(current, operation));
    current = next;
  });
  return { document: current as T, inverse: steps.reverse().flat() };
}

/**
 * The inverse of `patch` for undo: applying it to `applyPatch(doc, patch)` gives back `doc`
 * (equal as JSON). Needs `doc`, the document before the patch. Throws a PatchError when the
 * patch does not apply to `doc`.
 */
export function invertPatch<T>(doc: T, patch: readonly PatchOperation[]): PatchOperation[] {
  return applyWithInverse(doc, patch).inverse;
}
