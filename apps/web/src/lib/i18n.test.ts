import { describe, expect, it } from 'vitest';
import { capitalize, DEFAULT_LANGUAGE, formatDate, formatDateTime, isLanguage } from './i18n';

describe('isLanguage', () => {
  it.each<[unknown, boolean]>([
    ['nl', true],
    ['en', true],
    ['fr', false],
    ['NL', false],
    ['nl-BE', false],
    ['', false],
    [null, false],
    [undefined, false],
    [1, false],
  ])('%j → %s', (value, expected) => {
    expect(isLanguage(value)).toBe(expected);
  });

  it('defaults to Dutch', () => {
    expect(DEFAULT_LANGUAGE).toBe('nl');
  });
});

describe('dates as dd/MM/yyyy (spec part 1 §9)', () => {
  it.each<[string, Date, string, string]>([
    ['a single-digit day and month', new Date(2024, 2, 5, 9, 7, 3), '05/03/2024', '05/03/2024 09:07:03'],
    ['the last second of a year', new Date(2023, 11, 31, 23, 59, 59), '31/12/2023', '31/12/2023 23:59:59'],
    ['midnight', new Date(2026, 0, 1, 0, 0, 0), '01/01/2026', '01/01/2026 00:00:00'],
  ])('%s', (_label, value, date, dateTime) => {
    expect(formatDate(value)).toBe(date);
    expect(formatDateTime(value)).toBe(dateTime);
    expect(formatDate(value.getTime())).toBe(date);
  });

  it('reads texts as dayjs did: a bare day at local midnight, a local date-time as it is', () => {
    expect(formatDate('2024-03-05')).toBe('05/03/2024');
    expect(formatDateTime('2024-03-05')).toBe('05/03/2024 00:00:00');
    expect(formatDateTime('2024-03-05T09:07:03')).toBe('05/03/2024 09:07:03');
    expect(formatDateTime(new Date(2024, 2, 5, 9, 7, 3).toISOString())).toBe('05/03/2024 09:07:03');
  });
});

describe('capitalize (the {{object, capitalize}} format)', () => {
  it.each<[unknown, string]>([
    ['de gebruiker', 'De gebruiker'],
    ['the users', 'The users'],
    ['émile', 'Émile'],
    ['', ''],
    [undefined, ''],
  ])('%j → %j', (value, expected) => {
    expect(capitalize(value)).toBe(expected);
  });
});
