import type { BlueprintType, JsonValue } from '@groeipad/core';
import type { Actor } from '../../actor.ts';
import { FileMissingError } from '../../adapters/storage/storage.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { deleteResource, insertResource, setResourceContent } from '../resources/index.ts';
import { BLUEPRINT_KINDS } from './kinds.ts';

/**
 * Resource ids in a blueprint's content replaced through `map`: select options' attachments, the
 * extract logo (D32), and upload / image default values. An id missing from the map is dropped (its
 * file no longer exists), a logo becomes null.
 */
export function remapResources(content: JsonValue, map: ReadonlyMap<number, number>): JsonValue {
  const ids = (list: unknown[]) =>
    list.flatMap((id) => (typeof id === 'number' && map.has(id) ? [map.get(id)!] : []));
  const walk = (value: JsonValue, key?: string): JsonValue => {
    if (Array.isArray(value)) return key === 'attachments' ? ids(value) : value.map((item) => walk(item));
    if (value === null || typeof value !== 'object') {
      if (key === 'logo' && typeof value === 'number') return map.get(value) ?? null;
      return value;
    }
    const out: Record<string, JsonValue> = {};
    for (const [name, child] of Object.entries(value)) out[name] = walk(child, name);
    if (out.type === 'upload' && Array.isArray(out.value)) out.value = ids(out.value);
    if (out.type === 'image' && typeof out.value === 'string') {
      try {
        const parsed: unknown = JSON.parse(out.value);
        if (Array.isArray(parsed)) out.value = JSON.stringify(ids(parsed));
      } catch {
        // not a list of ids: left as it is
      }
    }
    return out;
  };
  return walk(content);
}

/**
 * A library entry's files, copied into the importing organisation (D31): a new resource row of the
 * importer's for each file of the PUBLISHING organisation the content refers to (ids of any other
 * organisation are never followed), with its own copy of the bytes, so deleting one never takes the
 * other's file; the content's ids remapped to the copies.
 */
export async function copyLibraryFiles(
  ctx: AppContext,
  db: Db,
  actor: Actor,
  entry: { type: BlueprintType; source_organisation_id: number },
  content: JsonValue,
): Promise<JsonValue> {
  const wanted = [...new Set(BLUEPRINT_KINDS[entry.type].resources?.(content) ?? [])];
  const map = new Map<number, number>();
  if (wanted.length > 0) {
    const files = await db
      .selectFrom('resources')
      .select(['id', 'name', 'media_type', 'storage_key', 'size'])
      .where('organisation_id', '=', entry.source_organisation_id)
      .where('id', 'in', wanted)
      .where('storage_key', 'is not', null)
      .execute();
    for (const file of files) {
      const copy = await insertResource(db, {
        organisationId: actor.organisationId,
        name: file.name,
        mediaType: file.media_type,
        uploadedBy: actor.userId,
      });
      const key = `resources/${actor.organisationId}/${copy.id}`;
      try {
        await ctx.storage.copy(file.storage_key!, key);
      } catch (error) {
        // The source's file is gone from storage: the import goes on without it, as without a file
        // deleted before (remapResources drops what the map lacks).
        if (!(error instanceof FileMissingError)) throw error;
        ctx.logger.warn(
          { resourceId: file.id, storageKey: file.storage_key },
          'library file missing from storage',
        );
        await deleteResource(db, copy.id);
        continue;
      }
      await setResourceContent(db, copy.id, {
        storageKey: key,
        size: file.size ?? 0,
        mediaType: file.media_type,
      });
      map.set(file.id, copy.id);
    }
  }
  return detachLinks(entry.type, remapResources(content, map));
}

/**
 * A trajectory blueprint from the library keeps the copies of its parts but not their links: the
 * linked dashboard, information, competence-list and report blueprints belong to the publishing
 * organisation, so in the importer's they would point at nothing (shown as removed) or, worse, at an
 * unrelated blueprint with the same id. Unlinked, each part shows 'none' with its content kept.
 */
export function detachLinks(type: BlueprintType, content: JsonValue): JsonValue {
  if (type !== 'TRAJECTORY' || content === null || typeof content !== 'object' || Array.isArray(content))
    return content;
  const copy = { ...content } as Record<string, JsonValue>;
  for (const part of ['dashboard', 'information', 'competenceList']) {
    const linked = copy[part];
    if (linked && typeof linked === 'object' && !Array.isArray(linked))
      copy[part] = { ...linked, id: null, version: null };
  }
  if (Array.isArray(copy.reportBlueprints))
    copy.reportBlueprints = copy.reportBlueprints.map((entry) =>
      entry && typeof entry === 'object' && !Array.isArray(entry)
        ? { ...entry, id: null, version: null }
        : entry,
    );
  return copy;
}
