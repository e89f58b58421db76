import {
  type CalendarDate,
  type CalendarDateTime,
  calendarDateTimeToDate,
  dateToCalendarDate,
  dateToCalendarDateTime,
  isValidCalendarDate,
  isValidCalendarDateTime,
} from './calendar.ts';

/** The product's date format (spec part 1 §9). */
export const DISPLAY_DATE_FORMAT = 'dd/MM/yyyy';
export const DISPLAY_DATE_TIME_FORMAT = 'dd/MM/yyyy HH:mm:ss';

const DISPLAY_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const DISPLAY_DATE_TIME = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** ISO 8601 date-time with a zone (Z or ±hh:mm), optional fraction. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** Strict dd/MM/yyyy: exact widths and a day that exists ('31/02/2025' is refused). */
export function parseDisplayDate(text: string): CalendarDate | null {
  const match = DISPLAY_DATE.exec(text);
  if (!match) return null;
  const value = { day: Number(match[1]), month: Number(match[2]), year: Number(match[3]) };
  return isValidCalendarDate(value) ? value : null;
}

/** Strict dd/MM/yyyy HH:mm:ss (24-hour clock). */
export function parseDisplayDateTime(text: string): CalendarDateTime | null {
  const match = DISPLAY_DATE_TIME.exec(text);
  if (!match) return null;
  const [day, month, year, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const value = { year, month, day, hour, minute, second };
  return isValidCalendarDateTime(value) ? value : null;
}

export function isDisplayDate(text: string): boolean {
  return parseDisplayDate(text) !== null;
}

/** dd/MM/yyyy of a calendar date, or of a Date in local time. */
export function formatDisplayDate(value: CalendarDate | Date): string {
  const { year, month, day } = value instanceof Date ? dateToCalendarDate(value) : value;
  return `${pad(day)}/${pad(month)}/${pad(year, 4)}`;
}

/** dd/MM/yyyy HH:mm:ss of a wall-clock moment, or of a Date in local time. */
export function formatDisplayDateTime(value: CalendarDateTime | Date): string {
  const parts = value instanceof Date ? dateToCalendarDateTime(value) : value;
  return `${formatDisplayDate(parts)} ${pad(parts.hour)}:${pad(parts.minute)}:${pad(parts.second)}`;
}

/** Strict yyyy-MM-dd. */
export function parseIsoDate(text: string): CalendarDate | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const value = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isValidCalendarDate(value) ? value : null;
}

export function formatIsoDate(value: CalendarDate | Date): string {
  const { year, month, day } = value instanceof Date ? dateToCalendarDate(value) : value;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** A moment from an ISO date-time with a zone; null when it is not one or does not exist. */
export function parseIsoDateTime(text: string): Date | null {
  if (!ISO_DATE_TIME.test(text)) return null;
  if (!parseIsoDate(text.slice(0, 10))) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '31/01/2025' → '2025-01-31'; null when not a valid display date. */
export function displayDateToIso(text: string): string | null {
  const value = parseDisplayDate(text);
  return value ? formatIsoDate(value) : null;
}

/** '2025-01-31' → '31/01/2025'; an ISO date-time shows its local date. Null when not ISO. */
export function isoToDisplayDate(text: string): string | null {
  const date = parseIsoDate(text);
  if (date) return formatDisplayDate(date);
  const moment = parseIsoDateTime(text);
  return moment ? formatDisplayDate(moment) : null;
}

/** '31/01/2025 13:45:00' (local time) → the ISO instant, e.g. '2025-01-31T12:45:00.000Z'. */
export function displayDateTimeToIso(text: string): string | null {
  const value = parseDisplayDateTime(text);
  return value ? calendarDateTimeToDate(value).toISOString() : null;
}

/** An ISO instant shown in local time as dd/MM/yyyy HH:mm:ss; null when not ISO. */
export function isoToDisplayDateTime(text: string): string | null {
  const moment = parseIsoDateTime(text);
  return moment ? formatDisplayDateTime(moment) : null;
}
