import { describe, expect, it } from 'vitest';
import {
  dayRange,
  endOfDay,
  filterFromStart,
  filterUntilEnd,
  isFutureDate,
  isWithinDayRange,
} from './day-bounds.ts';

describe('day bounds', () => {
  it('"from" starts at 00:00', () => {
    expect(filterFromStart(new Date(2025, 4, 6, 15, 30))).toEqual(new Date(2025, 4, 6, 0, 0, 0, 0));
    expect(filterFromStart({ year: 2025, month: 5, day: 6 })).toEqual(new Date(2025, 4, 6));
  });

  it('"changes until" ends at 23:59:59.999', () => {
    expect(filterUntilEnd(new Date(2025, 4, 6, 8))).toEqual(new Date(2025, 4, 6, 23, 59, 59, 999));
    expect(endOfDay({ year: 2024, month: 2, day: 29 })).toEqual(new Date(2024, 1, 29, 23, 59, 59, 999));
  });

  it('a range includes both ends and may be open', () => {
    const range = dayRange(new Date(2025, 0, 1, 12), new Date(2025, 0, 2, 1));
    expect(isWithinDayRange(new Date(2025, 0, 1, 0, 0), range)).toBe(true);
    expect(isWithinDayRange(new Date(2025, 0, 2, 23, 59, 59, 999), range)).toBe(true);
    expect(isWithinDayRange(new Date(2025, 0, 3), range)).toBe(false);
    expect(isWithinDayRange(new Date(2024, 11, 31, 23, 59, 59, 999), range)).toBe(false);
    expect(isWithinDayRange(new Date(1990, 0, 1), dayRange(null, null))).toBe(true);
    expect(isWithinDayRange(new Date(Number.NaN), dayRange(null, null))).toBe(false);
  });

  it('no future date: today and earlier are fine, tomorrow is not', () => {
    const now = new Date(2025, 5, 10, 9);
    expect(isFutureDate(new Date(2025, 5, 10, 23), now)).toBe(false);
    expect(isFutureDate({ year: 2025, month: 6, day: 9 }, now)).toBe(false);
    expect(isFutureDate({ year: 2025, month: 6, day: 11 }, now)).toBe(true);
  });
});
