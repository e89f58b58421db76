import type { NotificationPage } from '@groeipad/core';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import {
  countNotifications,
  listNotificationRows,
  type Reader,
  setAllNotificationsRead,
  setNotificationRead,
} from './repository.ts';
import { announce } from './streams.ts';

const readerOf = (actor: Actor): Reader => ({
  userId: actor.userId,
  organisationId: actor.organisationId,
  email: actor.email,
});

/** GET /api/notifications: the counts, and with `size` > 0 one page of the (unread) notifications. */
export async function listNotifications(
  ctx: AppContext,
  actor: Actor,
  query: { page: number; size: number; unread?: boolean | undefined },
): Promise<NotificationPage> {
  const reader = readerOf(actor);
  const unreadOnly = query.unread === true;
  const counts = await countNotifications(ctx.db, reader, unreadOnly);
  if (query.size === 0) return { ...counts, notifications: [] };
  const rows = await listNotificationRows(ctx.db, reader, {
    offset: query.page * query.size,
    limit: query.size,
    unreadOnly,
  });
  return {
    ...counts,
    notifications: rows.map((row) => ({
      id: row.id,
      type: 'trajectory' as const,
      trajectory: { id: row.trajectory_id, name: row.trajectory_name },
      target: row.target,
      targetId: row.target_id,
      action: row.action,
      read: row.read,
      created: row.created_at.toISOString(),
      actor:
        row.actor_email === null
          ? null
          : { email: row.actor_email, firstName: row.actor_first_name, lastName: row.actor_last_name },
    })),
  };
}

/** PUT /api/notifications/{id}: only the user's own, in the current organisation (404 otherwise). */
export async function markNotificationRead(ctx: AppContext, actor: Actor, id: number, read: boolean) {
  if (!(await setNotificationRead(ctx.db, readerOf(actor), id, read))) throw notFound();
  announce([actor.userId], null);
}

/** PUT /api/notifications {read: true}. */
export async function markAllNotificationsRead(ctx: AppContext, actor: Actor) {
  await setAllNotificationsRead(ctx.db, readerOf(actor));
  announce([actor.userId], null);
}
