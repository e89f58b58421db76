import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { trajectoryReads } from './readers.ts';

/**
 * A user's notifications in one organisation that they may still see: of a live trajectory they still
 * read (the grant's answer, readers.ts), so someone taken off a trajectory no longer sees what happened in it.
 */
function visible(db: Db, userId: number, organisationId: number, email: string) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('trajectories as t', (join) =>
      join.onRef('t.id', '=', 'n.trajectory_id').on('t.status', '=', 'LIVE'),
    )
    .where('n.user_id', '=', userId)
    .where('n.organisation_id', '=', organisationId)
    .where('n.trajectory_id', 'in', trajectoryReads().readable(db, organisationId, email));
}

export interface Reader {
  userId: number;
  organisationId: number;
  email: string;
}

/** How many there are (all, or unread only) and how many are unread. */
export async function countNotifications(db: Db, reader: Reader, unreadOnly: boolean) {
  const row = await visible(db, reader.userId, reader.organisationId, reader.email)
    .select([sql<string>`count(*)`.as('total'), sql<string>`count(*) filter (where not n.read)`.as('unread')])
    .executeTakeFirstOrThrow();
  const unread = Number(row.unread);
  return { total: unreadOnly ? unread : Number(row.total), unread };
}

/** The unread count the bell shows (the streams send it). */
export async function countUnread(db: Db, reader: Reader): Promise<number> {
  return (await countNotifications(db, reader, true)).unread;
}

/** One page, newest first (the latest change, D39), with the trajectory's name and who made the change. */
export function listNotificationRows(
  db: Db,
  reader: Reader,
  page: { offset: number; limit: number; unreadOnly: boolean },
) {
  let query = visible(db, reader.userId, reader.organisationId, reader.email)
    .leftJoin('users as u', 'u.id', 'n.actor_id')
    .select([
      'n.id',
      'n.trajectory_id',
      't.name as trajectory_name',
      'n.target',
      'n.target_id',
      'n.action',
      'n.read',
      'n.created_at',
      'u.email as actor_email',
      'u.first_name as actor_first_name',
      'u.last_name as actor_last_name',
    ]);
  if (page.unreadOnly) query = query.where('n.read', '=', false);
  return query
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** Marks one of the reader's notifications (any they own in the organisation); false when there is none. */
export async function setNotificationRead(db: Db, reader: Reader, id: number, read: boolean) {
  const result = await db
    .updateTable('notifications')
    .set({ read })
    .where('id', '=', id)
    .where('user_id', '=', reader.userId)
    .where('organisation_id', '=', reader.organisationId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks every unread notification of the reader in the organisation read. */
export async function setAllNotificationsRead(db: Db, reader: Reader) {
  await db
    .updateTable('notifications')
    .set({ read: true })
    .where('user_id', '=', reader.userId)
    .where('organisation_id', '=', reader.organisationId)
    .where('read', '=', false)
    .execute();
}
