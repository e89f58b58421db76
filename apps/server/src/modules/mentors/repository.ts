import { MENTOR_SESSION_IDLE_HOURS } from '@groeipad/core';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** A session used within the last MENTOR_SESSION_IDLE_HOURS (D54): older ones have lapsed. */
export const sessionLive = sql<boolean>`s.last_used_at > now() - make_interval(hours => ${MENTOR_SESSION_IDLE_HOURS})`;

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
 * A link that may start a session: known, neither revoked, registered nor expired. A live session does not
 * close it (issue 31, D54): it opens again with a new mailed code on any device, and the new session ends the
 * older one (`startMentorSession`).
 */
export function findOpenLink(db: Db, secretHash: string) {
  return db
    .selectFrom('mentor_links')
    .selectAll()
    .where('secret_hash', '=', secretHash)
    .where('revoked_at', 'is', null)
    .where('registered_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/**
 * The mentor of a session token, while its link lives (neither revoked, registered nor expired) and the
 * session was used within 12 hours and no newer session on another device took its place (D54): read on every request, so revoking a link ends its session at once.
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
    .where('s.replaced_at', 'is', null)
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

/**
 * Why a session token of a live link no longer works (issue 31, D54): a session on another device took its
 * place, or it lapsed after 12 hours idle. Null for any other token (unknown, signed out, or its link revoked,
 * registered or expired): those are plainly unauthorised. Tells the token's holder only about their own session.
 */
export async function endedSessionReason(
  db: Db,
  tokenHash: string,
): Promise<'mentorSessionReplaced' | 'mentorSessionLapsed' | null> {
  const row = await db
    .selectFrom('mentor_sessions as s')
    .innerJoin('mentor_links as l', 'l.id', 's.link_id')
    .select([sql<boolean>`s.replaced_at is not null`.as('replaced'), sessionLive.as('live')])
    .where('s.token_hash', '=', tokenHash)
    .where('l.revoked_at', 'is', null)
    .where('l.registered_at', 'is', null)
    .where('l.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return null;
  if (row.replaced) return 'mentorSessionReplaced';
  return row.live ? null : 'mentorSessionLapsed';
}
