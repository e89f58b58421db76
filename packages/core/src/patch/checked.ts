import { applyPatch } from './apply.ts';
import { assertPatchOperation, type PatchOperation } from './operation.ts';
import { PatchError } from './patch-error.ts';
import { parsePointer } from './pointer.ts';

/** Decides whether a pointer may be touched; `segments` are the unescaped parts of `path`. */
export type CanWritePath = (path: string, segments: readonly string[]) => boolean;

/**
 * Checks every operation's `path` (and `from` for move and copy; `test` reads too) against
 * `canWritePath`, then applies the patch. Nothing is applied when any pointer is refused.
 */
export function assertPatchWritable(patch: readonly PatchOperation[], canWritePath: CanWritePath): void {
  patch.forEach((operation, index) => {
    assertPatchOperation(operation, index);
    const pointers = 'from' in operation ? [operation.path, operation.from] : [operation.path];
    for (const pointer of pointers) {
      let segments: string[];
      try {
        segments = parsePointer(pointer);
      } catch (error) {
        if (error instanceof PatchError)
          throw new PatchError(error.code, error.message, { path: pointer, index });
        throw error;
      }
      if (!canWritePath(pointer, segments)) {
        throw new PatchError('notWritable', `Not allowed to change "${pointer}"`, { path: pointer, index });
      }
    }
  });
}

export function applyChecked<T>(doc: T, patch: readonly PatchOperation[], canWritePath: CanWritePath): T {
  assertPatchWritable(patch, canWritePath);
  return applyPatch(doc, patch);
}
