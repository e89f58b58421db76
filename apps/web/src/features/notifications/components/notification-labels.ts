import {
  NOTIFICATION_ACTIONS,
  NOTIFICATION_TARGETS,
  type NotificationEntry,
  showDateTime,
} from '@groeipad/core';

/**
 * What a notification row says, as pure functions. A target or action this version does not know
 * gives no label key (the row says "Onbekend (x)", `lib/value-label.ts`) and a target without a place
 * gives no link — never a crash (spec part 2 §8, §9).
 */

export function targetLabelKey(target: string): string | null {
  return (NOTIFICATION_TARGETS as readonly string[]).includes(target)
    ? `notifications.target.${target}`
    : null;
}

export function actionLabelKey(action: string): string | null {
  return (NOTIFICATION_ACTIONS as readonly string[]).includes(action)
    ? `notifications.action.${action}`
    : null;
}

/** Where it leads (spec part 2 §2): the form, the evaluation, or the report (the reports list once deleted). */
export function notificationHref(
  entry: Pick<NotificationEntry, 'trajectory' | 'targetId'> & { target: string; action: string },
) {
  const base = `/trajectory/${entry.trajectory.id}`;
  if (entry.target === 'FORM') return `${base}/form`;
  if (entry.target === 'EVALUATION') return `${base}/evaluation`;
  if (entry.target === 'REPORT')
    return entry.targetId === null || entry.action === 'DELETE'
      ? `${base}/reports`
      : `${base}/reports/${entry.targetId}`;
  return null;
}

/** dd/MM/yyyy HH:mm in the business time zone (D47). */
export function formatNotificationTime(iso: string): string {
  return showDateTime(iso);
}

/** Who made the change: the name, else the e-mail; null when the account is gone (shown as unknown). */
export function actorName(actor: NotificationEntry['actor']): string | null {
  if (!actor) return null;
  const name = [actor.firstName, actor.lastName].filter(Boolean).join(' ').trim();
  return name || actor.email;
}
