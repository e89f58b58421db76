import { type CalendarDate, MS_PER_DAY } from '../dates/calendar.ts';
import { parseDisplayDate, parseIsoDate, parseIsoDateTime } from '../dates/display.ts';

/**
 * Dates inside formulas. A date value is text: ISO 'yyyy-MM-dd', a full ISO date-time (as NOW() gives), or
 * the display form 'dd/MM/yyyy' (strict, as everywhere: see dates/display.ts). Everything is computed in UTC.
 */
export const DATEDIF_UNITS = ['Y', 'M', 'W', 'D'] as const;
export type DatedifUnit = (typeof DATEDIF_UNITS)[number];

/** UTC midnight of a calendar date (a date value has no time zone). */
function utcMidnight(value: CalendarDate): Date {
  const date = new Date(Date.UTC(2000, value.month - 1, value.day));
  date.setUTCFullYear(value.year);
  return date;
}

/** The moment a date text stands for, or null when it is not a real date. */
export function parseFormulaDate(text: string): Date | null {
  const value = text.trim();
  const day = parseIsoDate(value) ?? parseDisplayDate(value);
  return day ? utcMidnight(day) : parseIsoDateTime(value);
}

export function isDatedifUnit(unit: string): unit is DatedifUnit {
  return (DATEDIF_UNITS as readonly string[]).includes(unit);
}

/** Whole months from a to b (a ≤ b): calendar months, minus one when b's day/time is before a's. */
function wholeMonths(a: Date, b: Date): number {
  let months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
  const aRest = (a.getUTCDate() - 1) * MS_PER_DAY + (((a.getTime() % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY);
  const bRest = (b.getUTCDate() - 1) * MS_PER_DAY + (((b.getTime() % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY);
  if (bRest < aRest) months -= 1;
  return months;
}

/**
 * DATEDIF(start, end, unit): whole years (Y), months (M), weeks (W) or days (D) from start to end.
 * When end lies before start the result is negative (the same count, signed).
 */
export function datedif(start: Date, end: Date, unit: DatedifUnit): number {
  if (end.getTime() < start.getTime()) return 0 - datedif(end, start, unit);
  const days = Math.floor((end.getTime() - start.getTime()) / MS_PER_DAY);
  switch (unit) {
    case 'D':
      return days;
    case 'W':
      return Math.floor(days / 7);
    case 'M':
      return wholeMonths(start, end);
    case 'Y':
      return Math.floor(wholeMonths(start, end) / 12);
  }
}
