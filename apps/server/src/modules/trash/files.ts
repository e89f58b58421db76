import {
  applyPatch,
  type BlueprintType,
  type Field,
  type JsonValue,
  type PatchOperation,
  UNBOUNDED_PATCH,
} from '@groeipad/core';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { parseJson } from '../../engine/engine.ts';
import { documentKind } from '../../engine/kinds.ts';
import { BLUEPRINT_KINDS, fieldResources } from '../blueprints/index.ts';

/**
 * Every file the documents refer to now or referred to in any earlier version: the current references
 * the engine records (document_resources) and, for kinds that hold files, those of every version
 * rebuilt from the inverses (a photo replaced in a form is still the trajectory's file; once its
 * history is gone nobody can reach it any more).
 */
export async function filesOfDocuments(
  db: Db,
  organisationId: number,
  documentIds: readonly number[],
): Promise<number[]> {
  if (documentIds.length === 0) return [];
  const found = new Set<number>();
  const current = await db
    .selectFrom('document_resources')
    .select('resource_id')
    .where('document_id', 'in', documentIds)
    .execute();
  for (const row of current) found.add(row.resource_id);
  const documents = await db
    .selectFrom('documents')
    .select(['id', 'kind', 'content', 'version'])
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', documentIds)
    .where('version', '>', 1)
    .execute();
  for (const document of documents) {
    let resources: ((content: JsonValue) => number[]) | undefined;
    try {
      resources = documentKind(document.kind).resources;
    } catch {
      resources = undefined;
    }
    if (!resources) continue;
    const events = await db
      .selectFrom('document_events')
      .select('inverse')
      .where('document_id', '=', document.id)
      .where('version', '>', 1)
      .orderBy('version', 'desc')
      .execute();
    let content = parseJson<JsonValue>(document.content);
    for (const event of events) {
      try {
        content = applyPatch(content, parseJson<PatchOperation[]>(event.inverse), UNBOUNDED_PATCH);
        for (const id of resources(content)) if (Number.isInteger(id)) found.add(id);
      } catch {
        break; // a history that no longer applies: what it held before is not knowable
      }
    }
  }
  return [...found];
}

/** `(^|\D)(12|345)(\D|$)`: text that names one of the ids as a whole number (a pre-filter only). */
function numberPattern(ids: readonly number[]): string {
  return `(^|[^0-9])(${ids.join('|')})([^0-9]|$)`;
}

/**
 * Of `candidates`, the files something of the organisation still refers to: a document (the engine's
 * document_resources: snapshots share the logos and attachments of their blueprints, D9), the report
 * blueprints a trajectory keeps as a snapshot before any report is made from them (migration 0004),
 * or an entry the organisation published to the library, whose import copies the files from these
 * (D31). Call after the item's own documents are gone.
 */
export async function stillReferenced(
  db: Db,
  organisationId: number,
  candidates: readonly number[],
): Promise<Set<number>> {
  const kept = new Set<number>();
  if (candidates.length === 0) return kept;
  const wanted = new Set(candidates);
  const inDocuments = await db
    .selectFrom('document_resources')
    .select('resource_id')
    .distinct()
    .where('resource_id', 'in', candidates)
    .execute();
  for (const row of inDocuments) kept.add(row.resource_id);
  const open = candidates.filter((id) => !kept.has(id));
  if (open.length === 0) return kept;
  const pattern = numberPattern(open);

  const snapshots = await db
    .selectFrom('trajectories')
    .select('report_blueprints')
    .where('organisation_id', '=', organisationId)
    .where(sql<boolean>`report_blueprints::text ~ ${pattern}`)
    .execute();
  for (const row of snapshots) {
    const entries = parseJson<{ fields?: Field[] }[]>(row.report_blueprints);
    for (const entry of Array.isArray(entries) ? entries : [])
      for (const id of fieldResources(entry.fields ?? [])) if (wanted.has(id)) kept.add(id);
  }

  const published = await db
    .selectFrom('library_entries')
    .select(['type', 'content'])
    .where('source_organisation_id', '=', organisationId)
    .where(sql<boolean>`content::text ~ ${pattern}`)
    .execute();
  for (const entry of published) {
    const resources = BLUEPRINT_KINDS[entry.type as BlueprintType]?.resources;
    for (const id of resources?.(parseJson<JsonValue>(entry.content)) ?? []) if (wanted.has(id)) kept.add(id);
  }
  return kept;
}

/**
 * Deletes the rows of the candidate files nothing refers to any more, inside the caller's transaction,
 * and answers their storage keys: the caller removes the bytes after the commit (a rolled-back delete
 * must not lose a file). The rows are locked first, so a save that refers to one of them at the same
 * moment either lands before (and keeps the file) or waits and then finds it gone.
 */
export async function deleteUnreferencedFiles(
  db: Db,
  organisationId: number,
  candidates: readonly number[],
): Promise<string[]> {
  if (candidates.length === 0) return [];
  const files = await db
    .selectFrom('resources')
    .select(['id', 'storage_key'])
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', candidates)
    .orderBy('id')
    .forUpdate()
    .execute();
  if (files.length === 0) return [];
  const kept = await stillReferenced(
    db,
    organisationId,
    files.map((file) => file.id),
  );
  const gone = files.filter((file) => !kept.has(file.id));
  if (gone.length === 0) return [];
  await db
    .deleteFrom('resources')
    .where(
      'id',
      'in',
      gone.map((file) => file.id),
    )
    .execute();
  return gone.flatMap((file) => (file.storage_key ? [file.storage_key] : []));
}
