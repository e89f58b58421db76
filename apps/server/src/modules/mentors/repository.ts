import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The columns of a link as the access screen lists it, with the inviter's address. */
export function selectLinks(db: Db, organisationId: number, trajectoryId: number) {
  return db
    .selectFrom('mentor_links as l')
    .leftJoin('users as u', 'u.id', 'l.created_by')
    .select([
      'l.id',
      'l.email',
      'l.name',
      'l.role',
      'l.created_at',
      'l.expires_at',
      'l.revoked_at',
      'l.registered_at',
      'l.last_used_at',
      'u.email as created_by',
      sql<boolean>`l.expires_at <= now()`.as('expired'),
    ])
    .where('l.organisation_id', '=', organisationId)
    .where('l.trajectory_id', '=', trajectoryId)
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc');
}

/** A link that may still start a session: known, neither revoked, registered, expired nor used. */
export function findOpenLink(db: Db, secretHash: string) {
  return db
    .selectFrom('mentor_links')
    .selectAll()
    .where('secret_hash', '=', secretHash)
    .where('revoked_at', 'is', null)
    .where('registered_at', 'is', null)
    .where('opened_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/**
 * The mentor of a session token, while its link lives (neither revoked, registered nor expired): read on every request,
 * so revoking a link ends its session at once. Notes the use at most once a minute.
 */
export async function findSessionMentor(db: Db, tokenHash: string) {
  const row = await db
    .selectFrom('mentor_sessions as s')
    .innerJoin('mentor_links as l', 'l.id', 's.link_id')
    .select([
      'l.id',
      'l.organisation_id',
      'l.trajectory_id',
      'l.user_id',
      'l.email',
      'l.name',
      'l.role',
      'l.expires_at',
      sql<boolean>`l.last_used_at is null or l.last_used_at < now() - interval '1 minute'`.as('stale_use'),
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('l.revoked_at', 'is', null)
    .where('l.registered_at', 'is', null)
    .where('l.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (row?.stale_use)
    await db.updateTable('mentor_links').set({ last_used_at: sql`now()` }).where('id', '=', row.id).execute();
  return row;
}
