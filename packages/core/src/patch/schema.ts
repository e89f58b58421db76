import { z } from 'zod';
import type { JsonValue } from './json.ts';
import type { PatchOperation } from './operation.ts';

const zPointer = z.string().max(2000, { error: 'tooLong' });
/**
 * Any JSON value. Registered itself (not a `.meta()` copy: the recursion of `z.json()` points at this very
 * schema) with an id, so the OpenAPI document has it once as a component its recursion refers to.
 */
export const zJsonValue = z.json().register(z.globalRegistry, { id: 'JsonValue' }) as z.ZodType<JsonValue>;

/** One JSON Patch operation as it arrives in a request body. */
export const zPatchOperation: z.ZodType<PatchOperation> = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), path: zPointer, value: zJsonValue }),
  z.object({ op: z.literal('remove'), path: zPointer }),
  z.object({ op: z.literal('replace'), path: zPointer, value: zJsonValue }),
  z.object({ op: z.literal('move'), from: zPointer, path: zPointer }),
  z.object({ op: z.literal('copy'), from: zPointer, path: zPointer }),
  z.object({ op: z.literal('test'), path: zPointer, value: zJsonValue }),
]);

/** A JSON Patch request body (RFC 6902): a list of operations. */
export const zJsonPatch = z.array(zPatchOperation).max(10_000, { error: 'tooLong' });
