import { MENTOR_SESSION_IDLE_HOURS } from '@groeipad/core';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';

/** A session used within the last MENTOR_SESSION_IDLE_HOURS (D54): older ones have lapsed. */
export const sessionLive = sql<boolean>`s.last_used_at > now() - make_interval(hours => ${MENTOR_SESSION_IDLE_HOURS})`;

/**
 * The link starts a session now: it never did, or the session it started has lapsed (idle, D54) or ended.
 * For a query of `mentor_links`.
 */
export function noLiveSession(eb: ExpressionBuilder<Database, 'mentor_links'>) {
  return eb.not(
    eb.exists(
      eb
        .selectFrom('mentor_sessions as s')
        .select(sql`1`.as('one'))
        .whereRef('s.link_id', '=', 'mentor_links.id')
        .where(sessionLive),
    ),
  );
}

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

/**
 * A link that may start a session: known, neither revoked, registered nor expired, and without a live session
 * (never opened, or its session lapsed after 12 hours idle or was ended: it opens again with a new code, D54).
 */
export function findOpenLink(db: Db, secretHash: string) {
  return db
    .selectFrom('mentor_links')
    .selectAll()
    .where('secret_hash', '=', secretHash)
    .where('revoked_at', 'is', null)
    .where('registered_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where(noLiveSession)
    .executeTakeFirst();
}

/**
 * The mentor of a session token, while its link lives (neither revoked, registered nor expired) and the
 * session was used within 12 hours (D54): read on every request, so revoking a link ends its session at once.
 * Notes the use, on the session and the link, at most once a minute.
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
      's.id as session_id',
      sql<boolean>`s.last_used_at < now() - interval '1 minute'`.as('stale_use'),
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('l.revoked_at', 'is', null)
    .where('l.registered_at', 'is', null)
    .where('l.expires_at', '>', sql<Date>`now()`)
    .where(sessionLive)
    .executeTakeFirst();
  if (row?.stale_use) {
    await db
      .updateTable('mentor_sessions')
      .set({ last_used_at: sql`now()` })
      .where('id', '=', row.session_id)
      .execute();
    await db.updateTable('mentor_links').set({ last_used_at: sql`now()` }).where('id', '=', row.id).execute();
  }
  return row;
}
