import { cloneJson, isJsonObject, type JsonValue, jsonEqual } from './json.ts';
import { PATCH_LIMITS, type PatchLimits } from './limits.ts';
import { assertPatchOperation, type PatchOperation } from './operation.ts';
import { PatchError } from './patch-error.ts';
import { formatPointer, isPointerWithin, parseArrayIndex, parsePointer } from './pointer.ts';
import { type Container, PatchRun } from './run.ts';

function notFound(segments: readonly string[]): PatchError {
  const path = formatPointer(segments);
  return new PatchError('pathNotFound', `Nothing at "${path}"`, { path });
}

function childOf(node: JsonValue, segment: string, trail: readonly string[]): JsonValue {
  if (Array.isArray(node)) {
    const index = parseArrayIndex(segment, false);
    if (index >= node.length) throw notFound(trail);
    return node[index]!;
  }
  if (isJsonObject(node) && Object.hasOwn(node, segment)) return node[segment]!;
  throw notFound(trail);
}

/** The value at `segments`; throws `pathNotFound` when there is none. */
export function getAtSegments(doc: JsonValue, segments: readonly string[]): JsonValue {
  let node = doc;
  segments.forEach((segment, depth) => {
    node = childOf(node, segment, segments.slice(0, depth + 1));
  });
  return node;
}

/** The value at a JSON Pointer; throws a PatchError when there is none. */
export function getAtPointer(doc: JsonValue, pointer: string): JsonValue {
  return getAtSegments(doc, parsePointer(pointer));
}

export function hasPointer(doc: JsonValue, pointer: string): boolean {
  try {
    getAtPointer(doc, pointer);
    return true;
  } catch {
    return false;
  }
}

function writable(node: JsonValue, trail: readonly string[], run: PatchRun): Container {
  if (Array.isArray(node) || isJsonObject(node)) return run.writable(node);
  throw notFound(trail);
}

/**
 * Copies the containers along the path (those the run made already are its own: changed in place) and
 * lets `mutate` change the (fresh) parent of the target.
 */
function updateParent(
  node: JsonValue,
  segments: readonly string[],
  depth: number,
  run: PatchRun,
  mutate: (parent: Container, key: string) => void,
): JsonValue {
  const copy = writable(node, segments.slice(0, depth), run);
  const key = segments[depth]!;
  if (depth === segments.length - 1) {
    mutate(copy, key);
    return copy;
  }
  const child = childOf(node, key, segments.slice(0, depth + 1));
  const updated = updateParent(child, segments, depth + 1, run, mutate);
  if (Array.isArray(copy)) copy[Number(key)] = updated;
  else copy[key] = updated;
  return copy;
}

function existingIndex(parent: JsonValue[], key: string, segments: readonly string[]): number {
  const index = parseArrayIndex(key, false);
  if (index >= parent.length) throw notFound(segments);
  return index;
}

function addAt(doc: JsonValue, segments: readonly string[], value: JsonValue, run: PatchRun): JsonValue {
  if (segments.length === 0) return value;
  return updateParent(doc, segments, 0, run, (parent, key) => {
    if (!Array.isArray(parent)) {
      parent[key] = value;
      return;
    }
    const index = parseArrayIndex(key, true);
    if (index > parent.length)
      throw new PatchError('invalidIndex', `Index ${index} is past the end of the array`);
    parent.splice(index === -1 ? parent.length : index, 0, value);
  });
}

function removeAt(doc: JsonValue, segments: readonly string[], run: PatchRun): JsonValue {
  if (segments.length === 0) throw new PatchError('cannotRemoveRoot', 'The whole document cannot be removed');
  return updateParent(doc, segments, 0, run, (parent, key) => {
    if (Array.isArray(parent)) {
      parent.splice(existingIndex(parent, key, segments), 1);
      return;
    }
    if (!Object.hasOwn(parent, key)) throw notFound(segments);
    delete parent[key];
  });
}

function replaceAt(doc: JsonValue, segments: readonly string[], value: JsonValue, run: PatchRun): JsonValue {
  if (segments.length === 0) return value;
  return updateParent(doc, segments, 0, run, (parent, key) => {
    if (Array.isArray(parent)) {
      parent[existingIndex(parent, key, segments)] = value;
      return;
    }
    if (!Object.hasOwn(parent, key)) throw notFound(segments);
    parent[key] = value;
  });
}

/** A deep copy of a value the patch adds, counted before it is made. */
function counted(value: JsonValue, run: PatchRun): JsonValue {
  run.budget.value(value);
  return cloneJson(value);
}

function applyOne(doc: JsonValue, operation: PatchOperation, run: PatchRun): JsonValue {
  const path = parsePointer(operation.path);
  switch (operation.op) {
    case 'add':
      return addAt(doc, path, counted(operation.value, run), run);
    case 'remove':
      return removeAt(doc, path, run);
    case 'replace':
      return replaceAt(doc, path, counted(operation.value, run), run);
    case 'copy':
      return addAt(doc, path, counted(getAtSegments(doc, parsePointer(operation.from)), run), run);
    case 'move': {
      const from = parsePointer(operation.from);
      const value = getAtSegments(doc, from);
      if (operation.from === operation.path) return doc;
      if (isPointerWithin(operation.path, operation.from)) {
        throw new PatchError('moveIntoChild', `Cannot move "${operation.from}" into its own child`);
      }
      return addAt(removeAt(doc, from, run), path, value, run);
    }
    case 'test': {
      run.budget.value(operation.value);
      if (!jsonEqual(getAtSegments(doc, path), operation.value)) {
        throw new PatchError('testFailed', `Test failed at "${operation.path}"`);
      }
      return doc;
    }
  }
}

/**
 * Applies one operation and returns the new document (typed documents are accepted as they are:
 * they must hold JSON data only); `doc` is never changed. Untouched
 * branches are shared with `doc`. Errors are PatchErrors carrying the operation's index. Within a
 * patch's `run` its work is counted (refused past its limits), and what the run made before is changed
 * in place.
 */
export function applyOperation<T = JsonValue>(
  doc: T,
  operation: PatchOperation,
  index = 0,
  run: PatchRun = new PatchRun(),
): T {
  try {
    assertPatchOperation(operation, index);
    return applyOne(doc as JsonValue, operation, run) as T;
  } catch (error) {
    if (error instanceof PatchError) {
      throw new PatchError(error.code, error.message, { path: error.path ?? operation?.path, index });
    }
    throw error;
  }
}

/**
 * Applies a whole patch, atomically: either every operation applies or a PatchError is thrown — also
 * (`tooLarge`) as soon as its work would pass `limits` (`PATCH_LIMITS`: the bounds of a patch from a
 * request; a patch the server stored itself may be replayed `UNBOUNDED_PATCH`).
 */
export function applyPatch<T = JsonValue>(
  doc: T,
  patch: readonly PatchOperation[],
  limits: PatchLimits = PATCH_LIMITS,
): T {
  const run = new PatchRun(limits);
  run.budget.operations(patch.length);
  return patch.reduce<T>((current, operation, index) => applyOperation(current, operation, index, run), doc);
}
