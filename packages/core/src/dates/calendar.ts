/** A day in the calendar, without a time or a time zone. `month` runs 1–12. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** A wall-clock moment, without a time zone. */
export interface CalendarDateTime extends CalendarDate {
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

export const MS_PER_DAY = 86_400_000;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Year 1–9999, month 1–12 and a day that exists in that month. */
export function isValidCalendarDate({ year, month, day }: CalendarDate): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= 1 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

export function isValidCalendarDateTime(value: CalendarDateTime): boolean {
  const { hour, minute, second } = value;
  return (
    isValidCalendarDate(value) &&
    [hour, minute, second].every(Number.isInteger) &&
    hour >= 0 &&
    hour <= 23 &&
    minute >= 0 &&
    minute <= 59 &&
    second >= 0 &&
    second <= 59
  );
}

/** Local midnight of a calendar date (years below 100 are not shifted into the 1900s). */
export function calendarDateToDate(value: CalendarDate): Date {
  return calendarDateTimeToDate({ ...value, hour: 0, minute: 0, second: 0 });
}

/** The local Date of a wall-clock moment. */
export function calendarDateTimeToDate(value: CalendarDateTime, milliseconds = 0): Date {
  const date = new Date(0);
  date.setFullYear(value.year, value.month - 1, value.day);
  date.setHours(value.hour, value.minute, value.second, milliseconds);
  return date;
}

/** The local calendar date of a moment. */
export function dateToCalendarDate(date: Date): CalendarDate {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

export function dateToCalendarDateTime(date: Date): CalendarDateTime {
  return {
    ...dateToCalendarDate(date),
    hour: date.getHours(),
    minute: date.getMinutes(),
    second: date.getSeconds(),
  };
}

/** Negative, zero or positive as `a` is before, on or after `b`. */
export function compareCalendarDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}
