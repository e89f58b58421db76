import type { JsonValue } from './json.ts';
import { PatchError } from './patch-error.ts';

/** One RFC 6902 operation. */
export type PatchOperation =
  | { op: 'add'; path: string; value: JsonValue }
  | { op: 'remove'; path: string }
  | { op: 'replace'; path: string; value: JsonValue }
  | { op: 'move'; from: string; path: string }
  | { op: 'copy'; from: string; path: string }
  | { op: 'test'; path: string; value: JsonValue };

export type Patch = PatchOperation[];
export type PatchOperationName = PatchOperation['op'];
export const PATCH_OPERATIONS = ['add', 'remove', 'replace', 'move', 'copy', 'test'] as const;

/** Checks the shape of an operation that may come from untrusted input. */
export function assertPatchOperation(value: unknown, index?: number): asserts value is PatchOperation {
  const fail = (message: string): never => {
    throw new PatchError('invalidOperation', message, index === undefined ? {} : { index });
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail('Operation must be an object');
  const op = value as Record<string, unknown>;
  if (!PATCH_OPERATIONS.includes(op.op as PatchOperationName)) fail(`Unknown operation "${String(op.op)}"`);
  if (typeof op.path !== 'string') fail('Operation needs a string path');
  if ((op.op === 'move' || op.op === 'copy') && typeof op.from !== 'string')
    fail(`${op.op} needs a string from`);
  if ((op.op === 'add' || op.op === 'replace' || op.op === 'test') && op.value === undefined) {
    fail(`${op.op} needs a value`);
  }
}
