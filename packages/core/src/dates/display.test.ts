import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysInMonth } from './calendar.ts';
import {
  displayDateTimeToIso,
  displayDateToIso,
  formatDisplayDate,
  formatDisplayDateTime,
  isoToDisplayDate,
  isoToDisplayDateTime,
  parseDisplayDate,
  parseDisplayDateTime,
  parseIsoDate,
  parseIsoDateTime,
} from './display.ts';

describe('dates as dd/MM/yyyy', () => {
  it.each([
    ['01/01/2025', { year: 2025, month: 1, day: 1 }],
    ['31/12/1999', { year: 1999, month: 12, day: 31 }],
    ['29/02/2024', { year: 2024, month: 2, day: 29 }],
    ['29/02/2000', { year: 2000, month: 2, day: 29 }],
  ])('parses %s', (text, expected) => {
    expect(parseDisplayDate(text)).toEqual(expected);
    expect(formatDisplayDate(expected)).toBe(text);
  });

  it.each([
    ['31/02/2025', 'a day that does not exist'],
    ['29/02/2025', 'not a leap year'],
    ['29/02/1900', 'century not divisible by 400'],
    ['31/04/2025', 'April has 30 days'],
    ['00/01/2025', 'day zero'],
    ['01/13/2025', 'month 13'],
    ['1/01/2025', 'one-digit day'],
    ['01/1/2025', 'one-digit month'],
    ['01/01/25', 'two-digit year'],
    ['01/01/02025', 'five-digit year'],
    ['01-01-2025', 'wrong separator'],
    [' 01/01/2025', 'leading space'],
    ['01/01/2025 ', 'trailing space'],
    ['2025-01-01', 'ISO order'],
    ['01/01/0000', 'year zero'],
    ['', 'empty'],
  ])('refuses %s (%s)', (text) => {
    expect(parseDisplayDate(text)).toBeNull();
  });

  it('formats a Date in local time', () => {
    expect(formatDisplayDate(new Date(2025, 2, 7, 23, 59))).toBe('07/03/2025');
  });

  it('converts to and from ISO dates', () => {
    expect(displayDateToIso('07/03/2025')).toBe('2025-03-07');
    expect(displayDateToIso('31/02/2025')).toBeNull();
    expect(isoToDisplayDate('2025-03-07')).toBe('07/03/2025');
    expect(isoToDisplayDate('2025-02-30')).toBeNull();
    expect(isoToDisplayDate('07/03/2025')).toBeNull();
    expect(isoToDisplayDate(new Date(2025, 2, 7, 12).toISOString())).toBe('07/03/2025');
  });

  it('property: format then parse gives back the date', () => {
    const validDate = fc
      .record({
        year: fc.integer({ min: 1, max: 9999 }),
        month: fc.integer({ min: 1, max: 12 }),
        day: fc.nat(),
      })
      .map(({ year, month, day }) => ({ year, month, day: (day % daysInMonth(year, month)) + 1 }));
    fc.assert(
      fc.property(validDate, (date) => {
        expect(parseDisplayDate(formatDisplayDate(date))).toEqual(date);
        expect(parseIsoDate(displayDateToIso(formatDisplayDate(date))!)).toEqual(date);
      }),
    );
  });

  it('property: whatever parses, formats back to the same text', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/), (text) => {
        const parsed = parseDisplayDate(text);
        if (parsed) expect(formatDisplayDate(parsed)).toBe(text);
      }),
    );
  });
});

describe('date-times as dd/MM/yyyy HH:mm:ss', () => {
  it('parses and formats', () => {
    const value = { year: 2025, month: 1, day: 31, hour: 13, minute: 5, second: 9 };
    expect(parseDisplayDateTime('31/01/2025 13:05:09')).toEqual(value);
    expect(formatDisplayDateTime(value)).toBe('31/01/2025 13:05:09');
    expect(formatDisplayDateTime(new Date(2025, 0, 31, 13, 5, 9))).toBe('31/01/2025 13:05:09');
  });

  it.each([
    '31/01/2025 24:00:00',
    '31/01/2025 12:60:00',
    '31/01/2025 12:00:60',
    '31/01/2025 1:00:00',
    '31/01/2025 12:00',
    '31/01/2025T12:00:00',
    '30/02/2025 12:00:00',
  ])('refuses %s', (text) => {
    expect(parseDisplayDateTime(text)).toBeNull();
  });

  it('converts through ISO instants in local time', () => {
    const iso = displayDateTimeToIso('31/01/2025 13:05:09');
    expect(iso).toBe(new Date(2025, 0, 31, 13, 5, 9).toISOString());
    expect(isoToDisplayDateTime(iso!)).toBe('31/01/2025 13:05:09');
    expect(isoToDisplayDateTime('not a date')).toBeNull();
  });

  it('reads ISO date-times only with a zone and a real day', () => {
    expect(parseIsoDateTime('2025-01-31T10:00:00Z')?.toISOString()).toBe('2025-01-31T10:00:00.000Z');
    expect(parseIsoDateTime('2025-01-31T10:00:00.123+01:00')?.toISOString()).toBe('2025-01-31T09:00:00.123Z');
    expect(parseIsoDateTime('2025-01-31T10:00:00')).toBeNull();
    expect(parseIsoDateTime('2025-02-31T10:00:00Z')).toBeNull();
  });

  it('property: format then parse round-trips', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(1000, 0, 1), max: new Date(9000, 0, 1), noInvalidDate: true }),
        (date) => {
          const whole = new Date(date);
          whole.setMilliseconds(0);
          const text = formatDisplayDateTime(whole);
          expect(displayDateTimeToIso(text)).toBe(whole.toISOString());
        },
      ),
    );
  });
});
