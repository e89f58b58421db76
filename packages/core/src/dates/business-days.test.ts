import { describe, expect, it } from 'vitest';
import { addDays, addMonths, businessToday, daysBetween, isActiveOn } from './business-days.ts';

describe('calendar days in the business time zone (D4)', () => {
  it('names the Amsterdam day of a moment, whatever the process time zone', () => {
    // 23:30 UTC is already the next day in Amsterdam (and long past midnight in Auckland).
    expect(businessToday('Europe/Amsterdam', new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
    expect(businessToday('Europe/Amsterdam', new Date('2026-11-21T22:59:00Z'))).toBe('2026-11-21');
    expect(businessToday('Pacific/Auckland', new Date('2026-11-21T10:59:00Z'))).toBe('2026-11-21');
    expect(businessToday('Pacific/Auckland', new Date('2026-11-21T11:00:00Z'))).toBe('2026-11-22');
  });

  it('adds months clamped to the month’s last day (D24) and days across years', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-21', 12)).toBe('2027-11-21');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addDays('2026-12-20', 30)).toBe('2027-01-19');
  });

  it('is active up to and including the last day', () => {
    expect(isActiveOn('2026-11-21', '2026-11-21')).toBe(true);
    expect(isActiveOn('2026-11-20', '2026-11-21')).toBe(false);
    expect(isActiveOn(null, '2026-11-21')).toBe(false);
  });

  it('counts whole days between two calendar days, across a daylight-saving change', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-11-21', '2026-11-20')).toBe(-1);
    expect(daysBetween('2026-12-31', '2027-01-14')).toBe(14);
  });
});
