import { z } from 'zod';
import type { JsonValue } from './json.ts';
import type { PatchOperation } from './operation.ts';

const zPointer = z.string().max(2000, { error: 'tooLong' });
const zValue = z.json() as z.ZodType<JsonValue>;

/** One JSON Patch operation as it arrives in a request body. */
export const zPatchOperation: z.ZodType<PatchOperation> = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), path: zPointer, value: zValue }),
  z.object({ op: z.literal('remove'), path: zPointer }),
  z.object({ op: z.literal('replace'), path: zPointer, value: zValue }),
  z.object({ op: z.literal('move'), from: zPointer, path: zPointer }),
  z.object({ op: z.literal('copy'), from: zPointer, path: zPointer }),
  z.object({ op: z.literal('test'), path: zPointer, value: zValue }),
]);

/** A JSON Patch request body (RFC 6902): a list of operations. */
export const zJsonPatch = z.array(zPatchOperation).max(10_000, { error: 'tooLong' });
