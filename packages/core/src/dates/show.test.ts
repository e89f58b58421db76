import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysInMonth } from './calendar.ts';
import { parseTypedDate, showDate, showDateTime, showDateTimeSeconds, typedDateToIso } from './show.ts';

// The core tests run twice, in UTC and under TZ=Pacific/Auckland: every expectation below is the
// business time zone's wall clock, the same in both runs.

describe('showing dates and times (D47)', () => {
  it('shows a calendar day as that day, whatever the process zone', () => {
    expect(showDate('2007-03-15')).toBe('15/03/2007');
    expect(showDate({ year: 2007, month: 3, day: 5 })).toBe('05/03/2007');
    expect(showDate('0099-01-02')).toBe('02/01/0099');
  });

  it('shows a moment as its day and time in Europe/Amsterdam', () => {
    // 23:30 UTC on 7 March is 00:30 on 8 March in Amsterdam (winter time, UTC+1) and midday in Auckland.
    expect(showDate('2025-03-07T23:30:00Z')).toBe('08/03/2025');
    expect(showDateTime('2025-03-07T23:30:00Z')).toBe('08/03/2025 00:30');
    expect(showDateTimeSeconds('2025-03-07T23:30:09.500Z')).toBe('08/03/2025 00:30:09');
    // Summer time (UTC+2).
    expect(showDateTime(new Date(Date.UTC(2025, 6, 1, 10, 5)))).toBe('01/07/2025 12:05');
    // Midnight reads 00, never 24.
    expect(showDateTimeSeconds('2025-01-01T23:00:00Z')).toBe('02/01/2025 00:00:00');
  });

  it('shows a moment in another configured zone', () => {
    expect(showDateTime('2025-03-07T23:30:00Z', 'UTC')).toBe('07/03/2025 23:30');
    expect(showDate('2025-03-07T23:30:00Z', 'Pacific/Auckland')).toBe('08/03/2025');
    expect(showDateTimeSeconds('2025-03-07T23:30:00+01:00', 'America/New_York')).toBe('07/03/2025 17:30:00');
  });

  it('shows nothing for nothing or for text that is no date', () => {
    for (const value of [null, undefined, '', 'gisteren', '2025-02-30', '15/03/2007', new Date(Number.NaN)]) {
      expect(showDate(value)).toBe('');
      expect(showDateTime(value as string | null)).toBe('');
      expect(showDateTimeSeconds(value as string | null)).toBe('');
    }
    expect(showDate({ year: 2025, month: 2, day: 30 })).toBe('');
    // A calendar day is no moment: it has no time to show.
    expect(showDateTime('2007-03-15')).toBe('');
  });

  it('property: a moment shows the same day in showDate and showDateTime', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }),
        (d) => {
          expect(showDateTime(d).slice(0, 10)).toBe(showDate(d));
          expect(showDateTimeSeconds(d).slice(0, 16)).toBe(showDateTime(d));
          expect(showDateTimeSeconds(d)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
        },
      ),
    );
  });
});

describe('typed dates (D47)', () => {
  it.each([
    ['15/03/2007', '2007-03-15'],
    ['15-03-2007', '2007-03-15'],
    ['15.03.2007', '2007-03-15'],
    ['15032007', '2007-03-15'],
    ['5-3-2007', '2007-03-05'],
    ['5.3.2007', '2007-03-05'],
    ['5/3/2007', '2007-03-05'],
    ['05-3-2007', '2007-03-05'],
    ['  15-03-2007 ', '2007-03-15'],
    ['29-02-2024', '2024-02-29'],
    ['01012000', '2000-01-01'],
  ])('takes %s as %s', (text, iso) => {
    expect(parseTypedDate(text)).toMatchObject({ kind: 'date', iso });
    expect(typedDateToIso(text)).toBe(iso);
  });

  it.each([
    ['31-02-2007', 'February has no 31st'],
    ['29.02.2023', 'not a leap year'],
    ['31/04/2025', 'April has 30 days'],
    ['00-01-2025', 'day zero'],
    ['15-13-2007', 'month 13'],
    ['31022007', 'run together, no such day'],
    ['15-03/2007', 'two separators'],
    ['15-03-07', 'two-digit year'],
    ['1532007', 'seven digits'],
    ['2007-03-15', 'year first'],
    ['15 03 2007', 'spaces between'],
    ['15-03-2007x', 'a letter after it'],
    ['morgen', 'a word'],
    ['01-01-0000', 'year zero'],
  ])('refuses %s (%s)', (text) => {
    expect(parseTypedDate(text)).toEqual({ kind: 'invalid' });
    expect(typedDateToIso(text)).toBeNull();
  });

  it('takes nothing typed as empty, not as an error', () => {
    expect(parseTypedDate('')).toEqual({ kind: 'empty' });
    expect(parseTypedDate('   ')).toEqual({ kind: 'empty' });
    expect(typedDateToIso('')).toBeNull();
  });

  it('property: every real day, typed in any accepted way, shows back as dd/MM/yyyy', () => {
    const day = fc
      .record({
        year: fc.integer({ min: 1000, max: 9999 }),
        month: fc.integer({ min: 1, max: 12 }),
        day: fc.nat(),
      })
      .map(({ year, month, day }) => ({ year, month, day: (day % daysInMonth(year, month)) + 1 }));
    fc.assert(
      fc.property(day, fc.constantFrom('/', '-', '.', ''), fc.boolean(), (date, separator, padded) => {
        const two = (n: number) => String(n).padStart(2, '0');
        const d = padded || separator === '' ? two(date.day) : String(date.day);
        const m = padded || separator === '' ? two(date.month) : String(date.month);
        const typed = parseTypedDate(`${d}${separator}${m}${separator}${date.year}`);
        expect(typed).toMatchObject({ kind: 'date', date });
        expect(showDate(typed.kind === 'date' ? typed.iso : '')).toBe(
          `${two(date.day)}/${two(date.month)}/${date.year}`,
        );
      }),
    );
  });
});
