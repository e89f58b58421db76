import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * Extracts the user sees: those they made and those shared with them (D26), in their organisation,
 * with how many addresses each is shared with.
 */
function visibleExtracts(db: Db, organisationId: number, userId: number, email: string) {
  return db
    .selectFrom('extracts as e')
    .leftJoin('jobs as j', 'j.id', 'e.job_id')
    .select([
      'e.id',
      'e.name',
      'e.trajectory_id',
      'e.trajectory_name',
      'e.created_at',
      'e.created_by',
      'e.status',
      'e.job_id',
      'e.storage_key',
      // D37: READY once the PDF is stored; before that the job's own state and progress.
      sql<'QUEUED' | 'RUNNING' | 'READY' | 'FAILED'>`case
        when e.storage_key is not null then 'READY'
        when j.state = 'queued' then 'QUEUED'
        when j.state = 'running' then 'RUNNING'
        else 'FAILED' end`.as('state'),
      sql<number>`case when e.storage_key is not null then 100 else coalesce(j.progress, 0) end`.as(
        'progress',
      ),
      sql<boolean>`e.created_by is not distinct from ${userId}`.as('mine'),
      sql<number>`(select count(*)::int from extract_shares s where s.extract_id = e.id)`.as('users'),
    ])
    .where('e.organisation_id', '=', organisationId)
    .where((eb) =>
      eb.or([
        eb('e.created_by', '=', userId),
        eb.exists(
          eb
            .selectFrom('extract_shares as s')
            .select(sql.lit(1).as('one'))
            .whereRef('s.extract_id', '=', 'e.id')
            .where('s.email', '=', email),
        ),
      ]),
    );
}

export type ExtractRow = Awaited<ReturnType<ReturnType<typeof visibleExtracts>['executeTakeFirstOrThrow']>>;

export function listExtractRows(
  db: Db,
  organisationId: number,
  user: { id: number; email: string },
  filter: { status: 'ACTIVE' | 'ARCHIVED'; search?: string; createdAfter?: string; timeZone: string },
): Promise<ExtractRow[]> {
  let query = visibleExtracts(db, organisationId, user.id, user.email).where('e.status', '=', filter.status);
  if (filter.search) {
    const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb(sql`lower(e.name)`, 'like', pattern), eb(sql`lower(e.trajectory_name)`, 'like', pattern)]),
    );
  }
  if (filter.createdAfter !== undefined)
    query = query.where(
      'e.created_at',
      '>=',
      sql<Date>`(${filter.createdAfter}::date)::timestamp at time zone ${filter.timeZone}`,
    );
  return query.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').execute();
}

export function findExtractRow(
  db: Db,
  organisationId: number,
  user: { id: number; email: string },
  id: number,
) {
  return visibleExtracts(db, organisationId, user.id, user.email).where('e.id', '=', id).executeTakeFirst();
}

export function findExtractRowsByIds(
  db: Db,
  organisationId: number,
  user: { id: number; email: string },
  ids: readonly number[],
): Promise<ExtractRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return visibleExtracts(db, organisationId, user.id, user.email)
    .where('e.id', 'in', ids)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .execute();
}

/** The sharees of an extract, sorted. */
export async function listShares(db: Db, extractId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('extract_shares')
    .select('email')
    .where('extract_id', '=', extractId)
    .orderBy('email')
    .execute();
  return rows.map((row) => row.email);
}

/** The given addresses that belong to no member of the organisation. */
export async function nonMembers(
  db: Db,
  organisationId: number,
  emails: readonly string[],
): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(sql<string>`lower(u.email)`.as('email'))
    .where('m.organisation_id', '=', organisationId)
    .where(sql`lower(u.email)`, 'in', emails)
    .execute();
  const members = new Set(rows.map((row) => row.email));
  return emails.filter((email) => !members.has(email));
}
