import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * Deleted trajectories the user can see (an access row with READ, as the trajectory list), with who
 * deleted them when (what they may do with each is the grant's answer). The organisation on the access row too (see
 * trajectories/repository.ts: PostgreSQL then uses the per-user index).
 */
export function listDeletedTrajectories(db: Db, organisationId: number, email: string) {
  return db
    .selectFrom('trajectories as t')
    .innerJoin('trajectory_access as a', (join) =>
      join
        .onRef('a.trajectory_id', '=', 't.id')
        .on('a.organisation_id', '=', organisationId)
        .on('a.email', '=', email)
        .on('a.read', '=', true),
    )
    .leftJoin('users as u', 'u.id', 't.status_modified_by')
    .select(['t.id', 't.name', 't.status_modified_at', 'u.email as deleted_by'])
    .where('t.organisation_id', '=', organisationId)
    .where('t.status', '=', 'DELETED')
    .execute();
}

/** Deleted blueprints the user may READ, with their rights (for the blueprint policy) and who deleted them when. */
export function listDeletedBlueprints(db: Db, organisationId: number, email: string) {
  return db
    .selectFrom('blueprints as b')
    .innerJoin('blueprint_rights as r', (join) =>
      join.onRef('r.blueprint_id', '=', 'b.id').on('r.email', '=', email).on('r.read', '=', true),
    )
    .leftJoin('users as u', 'u.id', 'b.status_modified_by')
    .select(['b.id', 'b.type', 'b.name', 'b.status_modified_at', 'u.email as deleted_by'])
    .select(['r.admin', 'r.write', 'r.read'])
    .where('b.organisation_id', '=', organisationId)
    .where('b.status', '=', 'DELETED')
    .execute();
}

/**
 * One trajectory of the organisation the user can see, locked for the change (a restore and a delete
 * for good of the same item, or two deletes, then run one after the other).
 */
export function lockTrajectory(db: Db, organisationId: number, email: string, id: number) {
  return db
    .selectFrom('trajectories as t')
    .innerJoin('trajectory_access as a', (join) =>
      join
        .onRef('a.trajectory_id', '=', 't.id')
        .on('a.organisation_id', '=', organisationId)
        .on('a.email', '=', email)
        .on('a.read', '=', true),
    )
    .select(['t.id', 't.status', 't.form_document_id', 't.evaluation_document_id', 't.access_document_id'])
    .where('t.organisation_id', '=', organisationId)
    .where('t.id', '=', id)
    .forUpdate(['t'])
    .executeTakeFirst();
}

/** One blueprint of the organisation the user may READ, locked for the change. */
export function lockBlueprint(db: Db, organisationId: number, email: string, id: number) {
  return db
    .selectFrom('blueprints as b')
    .innerJoin('blueprint_rights as r', (join) =>
      join.onRef('r.blueprint_id', '=', 'b.id').on('r.email', '=', email).on('r.read', '=', true),
    )
    .select(['b.id', 'b.status', 'b.document_id', 'r.admin', 'r.write', 'r.read'])
    .where('b.organisation_id', '=', organisationId)
    .where('b.id', '=', id)
    .forUpdate(['b'])
    .executeTakeFirst();
}

export async function restoreTrajectoryRow(db: Db, id: number, actorId: number): Promise<void> {
  await db
    .updateTable('trajectories')
    .set({ status: 'LIVE', status_modified_at: sql`now()`, status_modified_by: actorId })
    .where('id', '=', id)
    .execute();
}

/** The trajectory row; its access rows and reports go with it (on delete cascade, migrations 0003/0004). */
export async function deleteTrajectoryRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('trajectories').where('id', '=', id).execute();
}
