import { addDays, businessToday, DEFAULT_BUSINESS_TIME_ZONE } from '@groeipad/core';

/**
 * Calendar days as the browser sees them: the specs' Chromium runs in Europe/Amsterdam (D4), while the
 * test process runs in whatever zone the machine has (UTC in CI). Near midnight the two disagree on
 * "today", so every day a spec types or expects is taken in the business time zone.
 */
export function businessDay(offsetDays = 0): string {
  return addDays(businessToday(DEFAULT_BUSINESS_TIME_ZONE), offsetDays);
}

/** `businessDay(offsetDays)` as the screens show it: dd/MM/yyyy. */
export function displayDay(offsetDays = 0): string {
  const [year, month, day] = businessDay(offsetDays).split('-');
  return `${day}/${month}/${year}`;
}
