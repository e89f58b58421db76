import { calendarDateToDate, MS_PER_DAY } from './calendar.ts';
import { parseIsoDate, parseIsoDateTime } from './display.ts';

/** activeUntil within this many days shows a warning (spec part 1 §9). */
export const EXPIRY_WARNING_DAYS = 14;

/** active: in the future; warning: within 14 days; inactive: null, unreadable or past. */
export type ExpiryStatus = 'active' | 'warning' | 'inactive';

/** A moment from a Date, an ISO date-time or an ISO date (local midnight); null otherwise. */
export function toMoment(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const date = parseIsoDate(value);
  return date ? calendarDateToDate(date) : parseIsoDateTime(value);
}

export function expiryStatus(activeUntil: string | Date | null | undefined, now: Date): ExpiryStatus {
  const until = toMoment(activeUntil);
  if (!until) return 'inactive';
  const remaining = until.getTime() - now.getTime();
  if (remaining <= 0) return 'inactive';
  return remaining <= EXPIRY_WARNING_DAYS * MS_PER_DAY ? 'warning' : 'active';
}

/** A trajectory is active while activeUntil is in the future. */
export function isTrajectoryActive(activeUntil: string | Date | null | undefined, now: Date): boolean {
  return expiryStatus(activeUntil, now) !== 'inactive';
}

/** The list hides trajectories whose activeUntil is null or past unless inactive ones are shown. */
export function isVisibleInList(
  activeUntil: string | Date | null | undefined,
  now: Date,
  showInactive: boolean,
): boolean {
  return showInactive || isTrajectoryActive(activeUntil, now);
}
