import {
  activeUntilDay,
  businessToday,
  DEFAULT_BUSINESS_TIME_ZONE,
  type ExpiryStatus,
  expiryOnDay,
  isoToDisplayDate,
} from '@groeipad/core';

/**
 * Expiry of a list row by core's rule (D4, D12): calendar days in the business time zone, active
 * through the last day `activeUntil`, a warning with 14 days or fewer left — the same days the server
 * refuses writes by, whatever the browser's own zone.
 */

export { activeUntilDay };

/** Today in the business time zone (yyyy-MM-dd), the day every row is judged against. */
export function localDay(now: Date): string {
  return businessToday(DEFAULT_BUSINESS_TIME_ZONE, now);
}

export function listExpiry(activeUntil: string | null | undefined, today: string): ExpiryStatus {
  return expiryOnDay(activeUntil, today);
}

/** The list hides inactive rows unless the inactive toggle is on (spec part 1 §4). */
export function isShownByExpiry(
  activeUntil: string | null | undefined,
  today: string,
  showInactive: boolean,
) {
  return showInactive || listExpiry(activeUntil, today) !== 'inactive';
}

/** dd/MM/yyyy of an activeUntil value; null when there is none. */
export function displayActiveUntil(activeUntil: string | null | undefined): string | null {
  const day = activeUntilDay(activeUntil);
  return day ? isoToDisplayDate(day) : null;
}
