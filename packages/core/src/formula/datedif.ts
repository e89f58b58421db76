/**
 * Dates inside formulas. A date value is text: ISO 'yyyy-MM-dd', a full ISO date-time (as NOW() gives), or
 * the display form 'dd/MM/yyyy'. Everything is computed in UTC.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
const DISPLAY_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

export const DATEDIF_UNITS = ['Y', 'M', 'W', 'D'] as const;
export type DatedifUnit = (typeof DATEDIF_UNITS)[number];

function calendar(year: number, month: number, day: number): Date | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year);
  const valid =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return valid ? date : null;
}

/** The moment a date text stands for, or null when it is not a real date. */
export function parseFormulaDate(text: string): Date | null {
  const value = text.trim();
  const iso = ISO_DATE.exec(value);
  if (iso) return calendar(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const display = DISPLAY_DATE.exec(value);
  if (display) return calendar(Number(display[3]), Number(display[2]), Number(display[1]));
  const full = ISO_DATE_TIME.exec(value);
  if (full && calendar(Number(full[1]), Number(full[2]), Number(full[3]))) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

export function isDatedifUnit(unit: string): unit is DatedifUnit {
  return (DATEDIF_UNITS as readonly string[]).includes(unit);
}

const MS_PER_DAY = 86_400_000;

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
