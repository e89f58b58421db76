import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export function findResource(db: Db, organisationId: number, id: number) {
  return db
    .selectFrom('resources')
    .selectAll()
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
}

export type ResourceRow = NonNullable<Awaited<ReturnType<typeof findResource>>>;

/** The organisation's files among `ids` (who uploaded each: the first thing D19 asks). */
export function findResources(db: Db, organisationId: number, ids: readonly number[]) {
  return db
    .selectFrom('resources')
    .select(['id', 'uploaded_by', 'mentor_link_id'])
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', ids)
    .execute();
}

/**
 * Whether `email` may read a document that references the resource (D19). Each area that stores
 * documents adds its clause here: blueprints by their READ right; trajectory forms answer per field
 * (trajectories/files.ts), because the file is readable only through a field the reader may read.
 */
export async function readableThroughDocument(db: Db, resourceId: number, email: string): Promise<boolean> {
  const row = await sql<{ readable: boolean }>`select exists (
      select 1 from document_resources dr
      join blueprints b on b.document_id = dr.document_id
      join blueprint_rights r on r.blueprint_id = b.id and r.email = ${email} and r.read
      where dr.resource_id = ${resourceId}
    ) as readable`.execute(db);
  return row.rows[0]?.readable === true;
}

export function listOwnResources(db: Db, organisationId: number, userId: number) {
  return db
    .selectFrom('resources')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('uploaded_by', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
}

export function insertResource(
  db: Db,
  values: {
    organisationId: number;
    name: string;
    mediaType: string;
    uploadedBy: number;
    mentorLinkId?: number | null;
  },
) {
  return db
    .insertInto('resources')
    .values({
      organisation_id: values.organisationId,
      name: values.name,
      media_type: values.mediaType,
      uploaded_by: values.uploadedBy,
      mentor_link_id: values.mentorLinkId ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setResourceContent(
  db: Db,
  id: number,
  values: { storageKey: string; size: number; mediaType: string },
): Promise<void> {
  await db
    .updateTable('resources')
    .set({ storage_key: values.storageKey, size: values.size, media_type: values.mediaType })
    .where('id', '=', id)
    .execute();
}

export async function deleteResource(db: Db, id: number): Promise<void> {
  await db.deleteFrom('resources').where('id', '=', id).execute();
}
