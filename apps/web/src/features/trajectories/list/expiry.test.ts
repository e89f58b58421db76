import { describe, expect, it } from 'vitest';
import { activeUntilDay, displayActiveUntil, isShownByExpiry, listExpiry, localDay } from './expiry';

describe('listExpiry (calendar days, the server rule of D12)', () => {
  const today = '2026-03-10';

  it('is inactive without an activeUntil or with an unreadable one', () => {
    expect(listExpiry(null, today)).toBe('inactive');
    expect(listExpiry(undefined, today)).toBe('inactive');
    expect(listExpiry('', today)).toBe('inactive');
    expect(listExpiry('10/03/2026', today)).toBe('inactive');
  });

  it('is inactive from the day after the last active day', () => {
    expect(listExpiry('2026-03-09', today)).toBe('inactive');
    expect(listExpiry('2025-12-31', today)).toBe('inactive');
  });

  it('still counts the last active day itself (not its midnight) as active, with a warning', () => {
    expect(listExpiry('2026-03-10', today)).toBe('warning');
  });

  it('warns within 14 days (spec part 1 §9) and is active after that', () => {
    expect(listExpiry('2026-03-24', today)).toBe('warning');
    expect(listExpiry('2026-03-25', today)).toBe('active');
    expect(listExpiry('2027-03-10', today)).toBe('active');
  });

  it('reads an ISO date-time by its calendar day in the business time zone (Amsterdam), not the browser’s', () => {
    // 22:30 UTC on 9 March is 23:30 in Amsterdam: still the 9th there.
    expect(activeUntilDay('2026-03-09T22:30:00Z')).toBe('2026-03-09');
    expect(listExpiry('2026-03-09T22:30:00Z', today)).toBe('inactive');
    // 23:30 UTC on 9 March is already 10 March in Amsterdam.
    expect(activeUntilDay('2026-03-09T23:30:00Z')).toBe('2026-03-10');
  });

  it('judges rows against today in the business time zone', () => {
    expect(localDay(new Date('2026-03-09T23:30:00Z'))).toBe('2026-03-10');
  });

  it('hides inactive rows unless the toggle is on (spec part 1 §4)', () => {
    expect(isShownByExpiry(null, today, false)).toBe(false);
    expect(isShownByExpiry('2026-03-09', today, false)).toBe(false);
    expect(isShownByExpiry('2026-03-10', today, false)).toBe(true);
    expect(isShownByExpiry(null, today, true)).toBe(true);
  });

  it('shows dates as dd/MM/yyyy', () => {
    expect(displayActiveUntil('2026-03-09')).toBe('09/03/2026');
    expect(displayActiveUntil(null)).toBeNull();
  });
});
