import type { OrganisationRole } from '@groeipad/core';
import { sql } from 'kysely';
import { membershipRoleOf, type Principal } from '../../actor.ts';
import type { Db } from '../../db/database.ts';
import { prepared } from '../../db/prepared.ts';
import { documentJson } from '../../engine/engine.ts';
import { recordAudit } from '../audit/index.ts';
import type { AccessRights } from './policy.ts';

/**
 * The trajectories of an organisation the user may read, joined with their access row. The
 * organisation on the access row too: PostgreSQL then uses (organisation, e-mail) and knows a user's
 * rows gather in their own organisation (bench/trajectories.ts: 2× → 1.2× with 200 others).
 */
function readableTrajectories(db: Db, organisationId: number, email: string) {
  return db
    .selectFrom('trajectories as t')
    .innerJoin('trajectory_access as a', (join) =>
      join
        .onRef('a.trajectory_id', '=', 't.id')
        .on('a.organisation_id', '=', organisationId)
        .on('a.email', '=', email)
        .on('a.read', '=', true),
    )
    .where('t.organisation_id', '=', organisationId);
}

/** A trajectory with the asking user's rights (from the access rows), inside one organisation. */
/** A trajectory's own columns, as every trajectory route reads them (`t`: the trajectories table). */
const TRAJECTORY_COLUMNS = [
  't.id',
  't.organisation_id',
  't.name',
  't.description',
  't.status',
  sql<string | null>`t.active_until::text`.as('active_until'),
  't.blueprint_id',
  't.blueprint_version',
  't.form_document_id',
  't.evaluation_document_id',
  't.access_document_id',
  't.dashboard',
] as const;

export function selectTrajectories(db: Db, organisationId: number, email: string) {
  return readableTrajectories(db, organisationId, email).select([
    ...TRAJECTORY_COLUMNS,
    'a.read',
    'a.purchase',
    'a.metadata',
    'a.rights',
  ]);
}

/**
 * An evaluation's progress (issue 22), kept by the database's triggers (migrations 0013 and 0016) on the
 * trajectory's own row as a compact JSON array (`progressOf` reads it), as a list row selects it beside
 * the reader's evaluation right: only for a reader of the evaluation, else null (`presentListItem`).
 */
export const PROGRESS_COLUMNS = [
  sql<string | null>`case when a.evaluation_read then t.progress end`.as('progress'),
] as const;

/**
 * The list (GET /api/v2/trajectories): only what a list item shows, so 2,000 rows leave the database
 * quickly (PGlite hands every column over in process), sorted by name.
 */
export function selectTrajectoryItems(
  db: Db,
  organisationId: number,
  email: string,
  status: 'LIVE' | 'DELETED',
) {
  return readableTrajectories(db, organisationId, email)
    .select([
      't.id',
      't.name',
      't.description',
      sql<string | null>`t.active_until::text`.as('active_until'),
      'a.read',
      'a.purchase',
      'a.metadata',
      'a.rights',
      ...PROGRESS_COLUMNS,
    ])
    .where('t.status', '=', status)
    .orderBy(sql`lower(t.name)`)
    .orderBy('t.id');
}

export type TrajectoryRow = Awaited<
  ReturnType<ReturnType<typeof selectTrajectories>['executeTakeFirstOrThrow']>
>;

/** The trajectory's access document's content, as a column of a query over `trajectories as t`. */
function accessContent(organisationId: number) {
  return sql<unknown>`(select ad.content from documents ad
    where ad.id = t.access_document_id and ad.organisation_id = ${organisationId})`.as('access_content');
}

/** The trajectory's evaluation with `parts` (`documentJson`), or null when none were asked for. */
function evaluationWith(organisationId: number, parts: readonly string[] | undefined) {
  return (
    parts ? documentJson(sql.ref('t.evaluation_document_id'), organisationId, parts) : sql<unknown>`null`
  ).as('evaluation');
}

/**
 * A trajectory with the user's rights (`selectTrajectories`) and its access document's content in the same round trip (the rights of a section,
 * checked on every evaluation read and write); with `evaluationParts` its evaluation as `documentJson`
 * reads it, with those parts; with `member` the principal's membership role (`membershipRoleOf`). A save
 * of entries: one statement for all it reads.
 */
export function findTrajectoryWithAccess(
  db: Db,
  organisationId: number,
  email: string,
  id: number,
  options: { evaluationParts?: readonly string[]; member?: Principal } = {},
) {
  const { evaluationParts, member } = options;
  return (
    selectTrajectories(db, organisationId, email)
      .select(accessContent(organisationId))
      .select(evaluationWith(organisationId, evaluationParts))
      .select((member ? membershipRoleOf(member) : sql<OrganisationRole | null>`null`).as('member_role'))
      // The user's display name, the rater of the entries they add (issue 23); null without one.
      .select(
        sql<string | null>`(select nullif(trim(concat_ws(' ', nullif(trim(u.first_name), ''),
        nullif(trim(u.last_name), ''))), '') from users u where u.email = ${email})`.as('actor_name'),
      )
      .where('t.id', '=', id)
      .modifyEnd(prepared)
      .executeTakeFirst()
  );
}

/**
 * The trajectory of a mentor link (issue 23) as `findTrajectoryWithAccess` reads it, without an access row
 * (a mentor has none: their rights are their link's role, worked out by `loadMentorGrant`); the list rights
 * are false here and set there. One statement, the touched evaluation parts beside it for a save.
 */
export function findTrajectoryForMentor(
  db: Db,
  organisationId: number,
  id: number,
  options: { evaluationParts?: readonly string[] } = {},
) {
  const { evaluationParts } = options;
  return db
    .selectFrom('trajectories as t')
    .select([
      ...TRAJECTORY_COLUMNS,
      sql<boolean>`false`.as('read'),
      sql<boolean>`false`.as('purchase'),
      sql<boolean>`false`.as('metadata'),
      sql<boolean>`false`.as('rights'),
    ])
    .select(accessContent(organisationId))
    .select(evaluationWith(organisationId, evaluationParts))
    .where('t.organisation_id', '=', organisationId)
    .where('t.id', '=', id)
    .executeTakeFirst();
}

/** The linked blueprint of a trajectory's header: its name, whether it is deleted, its latest version. */
export function findLinkedBlueprint(db: Db, organisationId: number, blueprintId: number) {
  return db
    .selectFrom('blueprints as b')
    .innerJoin('documents as d', 'd.id', 'b.document_id')
    .select(['b.name', 'b.status', 'd.version'])
    .where('b.organisation_id', '=', organisationId)
    .where('b.id', '=', blueprintId)
    .executeTakeFirst();
}

/** Who changes a trajectory's access and how (D57's audit log names them). */
export interface AccessChange {
  actorId: number;
  /** `trajectory.access` (saved), `trajectory.created`, `trajectory.blueprintUpdate`, `trajectory.updateUndone`… */
  action: string;
}

const RIGHT_COLUMNS = [
  'read',
  'purchase',
  'metadata',
  'rights',
  'evaluation_read',
  'evaluation_write',
] as const;

/**
 * The effect of an access document as rows (DESIGN point 3), written in the same transaction as the
 * document: one row per user who holds anything, as the policy works it out (policy.ts accessRightsOf).
 * A change of who holds what is audited (D57) in that transaction: counts in the hashed part, the
 * addresses whose rights changed in the personal part.
 */
export async function writeAccessRows(
  db: Db,
  organisationId: number,
  trajectoryId: number,
  access: ReadonlyMap<string, AccessRights>,
  change: AccessChange,
): Promise<void> {
  const before = await db
    .deleteFrom('trajectory_access')
    .where('trajectory_id', '=', trajectoryId)
    .returning(['email', ...RIGHT_COLUMNS])
    .execute();
  const rows = [...access].map(([email, rights]) => ({
    trajectory_id: trajectoryId,
    organisation_id: organisationId,
    email,
    read: rights.read,
    purchase: rights.purchase,
    metadata: rights.metadata,
    rights: rights.rights,
    evaluation_read: rights.evaluationRead,
    evaluation_write: rights.evaluationWrite,
  }));
  if (rows.length > 0) await db.insertInto('trajectory_access').values(rows).execute();
  const old = new Map(before.map((row) => [row.email, row]));
  const granted = rows.filter((row) => !old.has(row.email)).map((row) => row.email);
  const changed = rows
    .filter((row) => {
      const was = old.get(row.email);
      return was !== undefined && RIGHT_COLUMNS.some((column) => was[column] !== row[column]);
    })
    .map((row) => row.email);
  const kept = new Set(rows.map((row) => row.email));
  const revoked = before.filter((row) => !kept.has(row.email)).map((row) => row.email);
  if (granted.length + changed.length + revoked.length === 0) return;
  await recordAudit(db, {
    organisationId,
    actorId: change.actorId,
    action: change.action,
    subject: { kind: 'trajectory', id: trajectoryId },
    details: {
      granted: granted.length,
      changed: changed.length,
      revoked: revoked.length,
      holders: rows.length,
    },
    personal: { details: { granted, changed, revoked } },
  });
}

/**
 * The actor's access rows on the trajectories `ids` (or on all) of their organisation with the given
 * status, by name: what the batch grant judges (grant.ts). A trajectory they hold no row on is not in the answer.
 */
export function findAccessRows(
  db: Db,
  organisationId: number,
  email: string,
  ids: readonly number[] | 'all',
  status: 'LIVE' | 'DELETED',
) {
  if (ids !== 'all' && ids.length === 0) return Promise.resolve([]);
  const rows = db
    .selectFrom('trajectories as t')
    .innerJoin('trajectory_access as a', (join) =>
      join
        .onRef('a.trajectory_id', '=', 't.id')
        .on('a.organisation_id', '=', organisationId)
        .on('a.email', '=', email),
    )
    .select([
      't.id',
      't.name',
      't.organisation_id',
      sql<string | null>`t.active_until::text`.as('active_until'),
      'a.read',
      'a.purchase',
      'a.metadata',
      'a.rights',
      'a.evaluation_read',
      'a.evaluation_write',
    ])
    .where('t.organisation_id', '=', organisationId)
    .where('t.status', '=', status);
  return (ids === 'all' ? rows : rows.where('t.id', 'in', [...ids]))
    .orderBy(sql`lower(t.name)`)
    .orderBy('t.id')
    .execute();
}

/** The access rows of an organisation that give `read` (the grant's `trajectoryReads` narrows them). */
export function readingRows(db: Db, organisationId: number) {
  return db
    .selectFrom('trajectory_access')
    .where('organisation_id', '=', organisationId)
    .where('read', '=', true);
}
