import type { BlueprintRight, BlueprintType } from '@groeipad/core';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * A blueprint row with the asking user's rights, whether the library holds it, and whether the library
 * entry it was imported from is newer than the imported version (D58).
 */
export function selectBlueprints(db: Db, organisationId: number, email: string) {
  return db
    .selectFrom('blueprints as b')
    .innerJoin('documents as d', 'd.id', 'b.document_id')
    .leftJoin('blueprint_rights as r', (join) =>
      join.onRef('r.blueprint_id', '=', 'b.id').on('r.email', '=', email),
    )
    .select([
      'b.id',
      'b.organisation_id',
      'b.type',
      'b.name',
      'b.description',
      'b.status',
      'b.document_id',
      'b.source_blueprint_id',
      'b.source_blueprint_version',
      'b.created_at',
      'b.modified_at',
      'b.status_modified_at',
      'b.status_modified_by',
      'd.version',
      sql<boolean>`coalesce(r.admin, false)`.as('admin'),
      sql<boolean>`coalesce(r.write, false)`.as('write'),
      sql<boolean>`coalesce(r.read, false)`.as('read'),
      sql<boolean>`exists (select 1 from library_entries l where l.source_blueprint_id = b.id)`.as('library'),
      sql<boolean>`exists (select 1 from library_entries u where u.source_blueprint_id = b.source_blueprint_id and u.version > b.source_blueprint_version)`.as(
        'library_update',
      ),
    ])
    .where('b.organisation_id', '=', organisationId);
}

export type BlueprintRow = Awaited<
  ReturnType<ReturnType<typeof selectBlueprints>['executeTakeFirstOrThrow']>
>;

/** The blueprints the user may read, by status and optionally type; sorted by name. */
export function listReadableBlueprints(
  db: Db,
  organisationId: number,
  email: string,
  filter: { status: 'LIVE' | 'DELETED'; type?: BlueprintType },
) {
  let query = selectBlueprints(db, organisationId, email)
    .where('r.read', '=', true)
    .where('b.status', '=', filter.status);
  if (filter.type) query = query.where('b.type', '=', filter.type);
  return query.orderBy(sql`lower(b.name)`).orderBy('b.id').execute();
}

/** Whether the user holds a right (READ, and so any) on some live blueprint of the organisation (D58). */
export async function holdsBlueprintRights(db: Db, organisationId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('blueprint_rights as r')
    .innerJoin('blueprints as b', 'b.id', 'r.blueprint_id')
    .select('r.blueprint_id')
    .where('r.organisation_id', '=', organisationId)
    .where('r.email', '=', email)
    .where('r.read', '=', true)
    .where('b.organisation_id', '=', organisationId)
    .where('b.status', '=', 'LIVE')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export function findBlueprint(db: Db, organisationId: number, email: string, id: number) {
  return selectBlueprints(db, organisationId, email).where('b.id', '=', id).executeTakeFirst();
}

export function insertBlueprint(
  db: Db,
  values: {
    organisationId: number;
    type: BlueprintType;
    name: string;
    description: string | null;
    documentId: number;
    createdBy: number;
    sourceBlueprintId?: number | null;
    sourceBlueprintVersion?: number | null;
  },
) {
  return db
    .insertInto('blueprints')
    .values({
      organisation_id: values.organisationId,
      type: values.type,
      name: values.name,
      description: values.description,
      document_id: values.documentId,
      created_by: values.createdBy,
      source_blueprint_id: values.sourceBlueprintId ?? null,
      source_blueprint_version: values.sourceBlueprintVersion ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateBlueprint(
  db: Db,
  id: number,
  values: Partial<{
    name: string;
    description: string | null;
    status: 'LIVE' | 'DELETED';
    status_modified_by: number;
    source_blueprint_id: number | null;
    source_blueprint_version: number | null;
  }>,
): Promise<void> {
  await db
    .updateTable('blueprints')
    .set({
      ...values,
      modified_at: sql`now()`,
      ...(values.status ? { status_modified_at: sql`now()` } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function touchBlueprint(db: Db, id: number): Promise<void> {
  await db.updateTable('blueprints').set({ modified_at: sql`now()` }).where('id', '=', id).execute();
}

export async function deleteBlueprint(db: Db, id: number): Promise<void> {
  await db.deleteFrom('blueprints').where('id', '=', id).execute();
}

/** Every user's rights on a blueprint, sorted by e-mail. */
export async function listBlueprintRights(db: Db, blueprintId: number) {
  return db
    .selectFrom('blueprint_rights')
    .select(['email', 'admin', 'write', 'read'])
    .where('blueprint_id', '=', blueprintId)
    .orderBy('email')
    .execute();
}

/** Replaces the rights of a blueprint (rows per user, ADMIN ⇒ WRITE ⇒ READ closed by the caller). */
export async function replaceBlueprintRights(
  db: Db,
  blueprintId: number,
  organisationId: number,
  list: readonly { email: string; rights: readonly BlueprintRight[] }[],
): Promise<void> {
  await db.deleteFrom('blueprint_rights').where('blueprint_id', '=', blueprintId).execute();
  if (list.length === 0) return;
  await db
    .insertInto('blueprint_rights')
    .values(
      list.map(({ email, rights }) => ({
        blueprint_id: blueprintId,
        organisation_id: organisationId,
        email,
        admin: rights.includes('ADMIN'),
        write: rights.includes('WRITE'),
        read: rights.includes('READ'),
      })),
    )
    .execute();
}

/** Who changed a document when: the engine's events with the actor's e-mail. */
export function listDocumentHistory(db: Db, organisationId: number, documentId: number) {
  return db
    .selectFrom('document_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .select(['e.version', 'e.created_at', 'u.email'])
    .where('e.document_id', '=', documentId)
    .where('e.organisation_id', '=', organisationId)
    .orderBy('e.version', 'desc')
    .execute();
}
