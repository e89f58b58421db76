import {
  addDays,
  businessToday,
  DEFAULT_BUSINESS_TIME_ZONE,
  isoToDisplayDate,
  type TrajectoryListItem,
} from '@groeipad/core';
import { listExpiry } from './expiry';

/**
 * The list's progress rules (issue 22), on what the server sends (`progress`, null for a reader
 * without evaluation read: their columns stay empty and "needs attention" judges only the end date).
 */

/** The choices of the "needs attention" filter: weeks without an assessment. */
export const ATTENTION_WEEKS = [1, 2, 3, 4, 6, 8] as const;

/** The calendar day (business time zone, D4) of an instant: yyyy-MM-dd. */
function dayOf(instant: string): string {
  return businessToday(DEFAULT_BUSINESS_TIME_ZONE, new Date(instant));
}

/**
 * Needs attention: it ends within 14 days (the list's expiry warning), or its evaluation, which the
 * reader may read, has had no assessment for `weeks` weeks — never assessed counts too.
 */
export function needsAttention(item: TrajectoryListItem, today: string, weeks: number): boolean {
  if (listExpiry(item.activeUntil, today) === 'warning') return true;
  const progress = item.progress ?? null;
  if (progress === null) return false;
  if (progress.lastAssessed === null) return true;
  return dayOf(progress.lastAssessed) <= addDays(today, -7 * weeks);
}

/** dd/MM/yyyy (D47) of the last assessment's instant, on its day in the business time zone. */
export function lastAssessedText(instant: string): string | null {
  return isoToDisplayDate(dayOf(instant));
}
