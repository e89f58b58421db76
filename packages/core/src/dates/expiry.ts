import { businessToday, DEFAULT_BUSINESS_TIME_ZONE, daysBetween, isActiveOn } from './business-days.ts';
import { calendarDateToDate } from './calendar.ts';
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

/**
 * The last active day of an activeUntil value as yyyy-MM-dd: a stored date as it is, a moment as its
 * day in the business time zone; null when there is none or it cannot be read.
 */
export function activeUntilDay(
  activeUntil: string | Date | null | undefined,
  timeZone: string = DEFAULT_BUSINESS_TIME_ZONE,
): string | null {
  if (activeUntil === null || activeUntil === undefined) return null;
  if (typeof activeUntil === 'string' && parseIsoDate(activeUntil)) return activeUntil;
  const moment = activeUntil instanceof Date ? activeUntil : parseIsoDateTime(activeUntil);
  return moment && !Number.isNaN(moment.getTime()) ? businessToday(timeZone, moment) : null;
}

/**
 * By calendar days in the business time zone (D4, D12), the server's own rule: active through the
 * last day `activeUntil`, inactive from the day after or without one; a warning while at most 14
 * days are left (spec part 1 §9), the last day included — whatever the browser's or process's zone.
 */
export function expiryStatus(
  activeUntil: string | Date | null | undefined,
  now: Date,
  timeZone: string = DEFAULT_BUSINESS_TIME_ZONE,
): ExpiryStatus {
  return expiryOnDay(activeUntil, businessToday(timeZone, now), timeZone);
}

/** The same, on a given business day `today` (yyyy-MM-dd): for a list judging many rows against one day. */
export function expiryOnDay(
  activeUntil: string | Date | null | undefined,
  today: string,
  timeZone: string = DEFAULT_BUSINESS_TIME_ZONE,
): ExpiryStatus {
  const day = activeUntilDay(activeUntil, timeZone);
  if (!isActiveOn(day, today)) return 'inactive';
  return daysBetween(today, day!) <= EXPIRY_WARNING_DAYS ? 'warning' : 'active';
}

/** A trajectory is active through its last day (D12); writes are refused afterwards. */
export function isTrajectoryActive(
  activeUntil: string | Date | null | undefined,
  now: Date,
  timeZone: string = DEFAULT_BUSINESS_TIME_ZONE,
): boolean {
  return expiryStatus(activeUntil, now, timeZone) !== 'inactive';
}

/** The list hides trajectories whose activeUntil is null or past unless inactive ones are shown. */
export function isVisibleInList(
  activeUntil: string | Date | null | undefined,
  now: Date,
  showInactive: boolean,
  timeZone: string = DEFAULT_BUSINESS_TIME_ZONE,
): boolean {
  return showInactive || isTrajectoryActive(activeUntil, now, timeZone);
}
