import {
  type CalendarDate,
  calendarDateTimeToDate,
  calendarDateToDate,
  dateToCalendarDate,
} from './calendar.ts';

function toCalendarDate(value: CalendarDate | Date): CalendarDate {
  return value instanceof Date ? dateToCalendarDate(value) : value;
}

/** Local midnight (00:00:00.000) of the day of `value`. */
export function startOfDay(value: CalendarDate | Date): Date {
  return calendarDateToDate(toCalendarDate(value));
}

/** The last millisecond (23:59:59.999) of the day of `value`, in local time. */
export function endOfDay(value: CalendarDate | Date): Date {
  return calendarDateTimeToDate({ ...toCalendarDate(value), hour: 23, minute: 59, second: 59 }, 999);
}

/** Normalises a chosen date to midnight (report filters, edit dates). */
export const normaliseToMidnight = startOfDay;

/** Where a "from" filter starts: 00:00 of its day (spec part 1 §5). */
export const filterFromStart = startOfDay;

/** Where a "changes until" filter ends: 23:59:59.999 of its day (spec part 1 §5). */
export const filterUntilEnd = endOfDay;

/** True when the day of `value` comes after the day of `now` (a date picker's "no future date"). */
export function isFutureDate(value: CalendarDate | Date, now: Date): boolean {
  return startOfDay(value).getTime() > startOfDay(now).getTime();
}

export interface DayRange {
  readonly from: Date | null;
  readonly until: Date | null;
}

/** A filter's range: from 00:00 of `from` to 23:59:59.999 of `until`; either may be open. */
export function dayRange(from?: CalendarDate | Date | null, until?: CalendarDate | Date | null): DayRange {
  return { from: from ? startOfDay(from) : null, until: until ? endOfDay(until) : null };
}

/** True when `moment` lies in the range (both ends included). */
export function isWithinDayRange(moment: Date, range: DayRange): boolean {
  const time = moment.getTime();
  if (Number.isNaN(time)) return false;
  return (!range.from || time >= range.from.getTime()) && (!range.until || time <= range.until.getTime());
}
