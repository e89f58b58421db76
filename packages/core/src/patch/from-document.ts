import { isJsonObject, type JsonValue } from './json.ts';
import type { PatchOperation } from './operation.ts';
import { escapePointerSegment } from './pointer.ts';

/**
 * A patch that writes `doc` member by member onto an empty document of the same kind
 * (copying a blueprint: build a patch against empty, then apply it). Non-objects become a
 * single root replace.
 */
export function patchFromDocument(doc: JsonValue): PatchOperation[] {
  if (!isJsonObject(doc)) return [{ op: 'replace', path: '', value: doc }];
  return Object.entries(doc).map(([key, value]) => ({
    op: 'add',
    path: `/${escapePointerSegment(key)}`,
    value,
  }));
}
