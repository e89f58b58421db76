import { z } from 'zod';
import { zPageQuery } from './common.ts';
import { tolerantEnum } from './tolerant-enum.ts';

export const NOTIFICATION_TARGETS = ['FORM', 'EVALUATION', 'REPORT'] as const;
export type NotificationTarget = (typeof NOTIFICATION_TARGETS)[number];
export const NOTIFICATION_ACTIONS = ['CREATE', 'UPDATE', 'DELETE'] as const;
export type NotificationAction = (typeof NOTIFICATION_ACTIONS)[number];
/** Page size of the notification list. */
export const NOTIFICATION_PAGE_SIZE = 16;

export const zNotification = z.object({
  id: z.number().int(),
  type: z.literal('trajectory'),
  trajectory: z.object({ id: z.number().int(), name: z.string() }),
  // An unknown target or action shows an unknown label (spec part 2 §9), the list still loads.
  target: tolerantEnum(NOTIFICATION_TARGETS),
  targetId: z.number().int().nullable(),
  action: tolerantEnum(NOTIFICATION_ACTIONS),
  read: z.boolean(),
  created: z.string(),
});
export type UserNotification = z.infer<typeof zNotification>;

export const zNotificationOverview = z.object({
  unread: z.number().int().min(0),
  total: z.number().int().min(0),
  notifications: z.array(zNotification),
});
export type NotificationOverview = z.infer<typeof zNotificationOverview>;

const zBooleanText = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true');

/** GET /api/notifications?page&size&unread; size=0 gives only the overview counts. */
export const zNotificationQuery = zPageQuery(NOTIFICATION_PAGE_SIZE).extend({
  unread: zBooleanText.optional(),
});

/** PUT /api/notifications/{id} {read}; PUT /api/notifications {read: true} marks all. */
export const zNotificationReadUpdate = z.object({ read: z.boolean({ error: 'required' }) });

/** Where a notification leads. */
export function notificationLink(
  notification: Pick<UserNotification, 'trajectory' | 'target' | 'targetId'>,
): string {
  const base = `/trajectory/${notification.trajectory.id}`;
  switch (notification.target) {
    case 'FORM':
      return `${base}/form`;
    case 'EVALUATION':
      return `${base}/evaluation`;
    case 'REPORT':
      return notification.targetId === null ? `${base}/reports` : `${base}/reports/${notification.targetId}`;
    default:
      // A target this version does not know (tolerantEnum): the trajectory itself.
      return base;
  }
}
