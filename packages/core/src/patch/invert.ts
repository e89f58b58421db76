import { applyOperation, getAtSegments } from './apply.ts';
import { isJsonObject, type JsonValue } from './json.ts';
import { PATCH_LIMITS, type PatchLimits } from './limits.ts';
import { assertPatchOperation, type PatchOperation } from './operation.ts';
import { isPatchError } from './patch-error.ts';
import { formatPointer, isPointerWithin, parseArrayIndex, parsePointer } from './pointer.ts';
import { PatchRun } from './run.ts';

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
function invertOne(doc: JsonValue, operation: PatchOperation, run: PatchRun): PatchOperation[] {
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
      // Worked out on copies (counted in the patch's budget): `doc` is the run's, still to be changed.
      const withoutSource = applyOperation(
        doc,
        { op: 'remove', path: operation.from },
        0,
        new PatchRun(run.budget),
      );
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

/**
 * `invertOne`, once the operation is known to be one; an operation that does not apply gets the error
 * applying it gives (naming its index), tried on copies so that `doc` stays as it is.
 */
function inverseOf(doc: JsonValue, operation: PatchOperation, index: number, run: PatchRun) {
  assertPatchOperation(operation, index);
  try {
    return invertOne(doc, operation, run);
  } catch (error) {
    if (isPatchError(error) && error.code !== 'tooLarge')
      applyOperation(doc, operation, index, new PatchRun(run.budget));
    throw error;
  }
}

/**
 * Applies `patch` and returns the new document together with the patch that undoes it. The values the
 * inverse keeps count in the patch's `limits` with its own work (`applyPatch`): moving a large value onto
 * an existing member again and again would otherwise grow the inverse, not the document.
 */
export function applyWithInverse<T>(
  doc: T,
  patch: readonly PatchOperation[],
  limits: PatchLimits = PATCH_LIMITS,
): { document: T; inverse: PatchOperation[] } {
  const run = new PatchRun(limits);
  run.budget.operations(patch.length);
  const steps: PatchOperation[][] = [];
  let current = doc as JsonValue;
  patch.forEach((operation, index) => {
    // The inverse first: the operation changes in place what the run made, and what the inverse keeps
    // must stay as it is now (`keep` releases it from the run).
    const undo = inverseOf(current, operation, index, run);
    for (const step of undo) if ('value' in step) run.keep(step.value);
    current = applyOperation(current, operation, index, run);
    steps.push(undo);
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
