import { z } from 'zod';
import { zIdParams } from '../contract/common.ts';
import { zNotification, zNotificationQuery, zNotificationReadUpdate } from '../contract/notifications.ts';
import { defineEndpoint, zNoContent } from './define.ts';

/**
 * Notifications (spec part 2 §2, §3, §4, §7, §9; D27, D39; issue 10): made by the server from every
 * accepted change to a trajectory's form, evaluation or report, for each other user who may read what
 * changed. Pages of 16, newest first; `size=0` answers only the counts (the bell).
 */

/**
 * A notification on the wire: the spec's entity with who made the change (`actor`, null when that
 * account is gone). `target` and `action` are tolerant enums (`tolerantEnum`), so a client that meets
 * a value it does not know shows "Onbekend (x)" instead of failing (spec part 2 §8, §9).
 */
export const zNotificationEntry = zNotification.extend({
  actor: z
    .object({ email: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() })
    .nullable(),
});
export type NotificationEntry = z.infer<typeof zNotificationEntry>;

/** The overview (spec §3): `unread` always, `total` of the filter (unread only or all), and one page. */
export const zNotificationPage = z.object({
  unread: z.number().int().min(0),
  total: z.number().int().min(0),
  notifications: z.array(zNotificationEntry),
});
export type NotificationPage = z.infer<typeof zNotificationPage>;

/** PUT /api/notifications marks all read: `{read: true}` only. */
export const zNotificationsAllRead = z.object({
  read: z.literal(true, { error: (issue) => (issue.input === undefined ? 'required' : 'invalidValue') }),
});

/** The event the stream sends whenever the user's unread count may have changed. */
export const zNotificationStreamEvent = z.object({ unread: z.number().int().min(0) });
export type NotificationStreamEvent = z.infer<typeof zNotificationStreamEvent>;

export const notificationEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/notifications',
    query: zNotificationQuery,
    response: zNotificationPage,
    status: 200,
    summary: 'List the user’s notifications',
    description:
      'The user’s notifications in the current organisation, newest change first (D39), for trajectories ' +
      'they still read. `size=0` gives the counts only; otherwise `page` (from 0) of `size` (16), ' +
      '`unread=true` keeps the unread ones (`total` counts what the filter keeps).',
  }),
  markRead: defineEndpoint({
    method: 'PUT',
    path: '/api/notifications/:id',
    params: zIdParams,
    body: zNotificationReadUpdate,
    response: zNoContent,
    status: 204,
    summary: 'Mark a notification read or unread',
    description: 'Marks one notification read (`{read: true}`) or unread again (`{read: false}`).',
  }),
  markAllRead: defineEndpoint({
    method: 'PUT',
    path: '/api/notifications',
    body: zNotificationsAllRead,
    response: zNoContent,
    status: 204,
    summary: 'Mark every notification read',
    description: 'Marks every notification of the user in the current organisation read.',
  }),
  stream: defineEndpoint({
    method: 'GET',
    path: '/api/notifications/stream',
    response: z.string(),
    produces: 'text/event-stream',
    status: 200,
    summary: 'Stream the unread count (server-sent events)',
    errors: [429],
    description:
      'Server-sent events (`text/event-stream`; beyond the spec): `event: unread` with `{"unread": n}` at ' +
      'once and whenever a notification of the user is made or read, a comment every 25 s. Authenticated ' +
      'with the bearer header like every call — never a token in the URL (D39); the server ends the ' +
      'stream when the access token expires and at shutdown, and the client reconnects. A user holds at most 10 ' +
      'streams open per server and opens at most 60 a minute: past either, 429 with Retry-After.',
  }),
};
