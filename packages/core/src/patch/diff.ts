import { isJsonObject, type JsonValue, jsonEqual } from './json.ts';
import type { PatchOperation } from './operation.ts';
import { formatPointer } from './pointer.ts';

/**
 * A patch that turns `from` into `to`: objects member by member, arrays element by element (a changed
 * length adds or removes at the end), anything else replaced. Applying it to `from` gives a document
 * equal to `to`. Used where a whole document arrives (a PUT is turned into a patch, D2) or where the
 * server normalised what a patch produced.
 */
export function diffJson(from: JsonValue, to: JsonValue, segments: string[] = []): PatchOperation[] {
  if (jsonEqual(from, to)) return [];
  const path = formatPointer(segments);
  if (Array.isArray(from) && Array.isArray(to)) {
    const ops: PatchOperation[] = [];
    const shared = Math.min(from.length, to.length);
    for (let i = 0; i < shared; i++) ops.push(...diffJson(from[i]!, to[i]!, [...segments, String(i)]));
    for (let i = from.length - 1; i >= to.length; i--)
      ops.push({ op: 'remove', path: formatPointer([...segments, String(i)]) });
    for (let i = from.length; i < to.length; i++)
      ops.push({ op: 'add', path: formatPointer([...segments, String(i)]), value: to[i]! });
    return ops;
  }
  if (isJsonObject(from) && isJsonObject(to)) {
    const ops: PatchOperation[] = [];
    for (const key of Object.keys(from))
      if (!Object.hasOwn(to, key)) ops.push({ op: 'remove', path: formatPointer([...segments, key]) });
    for (const [key, value] of Object.entries(to)) {
      if (Object.hasOwn(from, key)) ops.push(...diffJson(from[key]!, value, [...segments, key]));
      else ops.push({ op: 'add', path: formatPointer([...segments, key]), value });
    }
    return ops;
  }
  return [{ op: 'replace', path, value: to }];
}
