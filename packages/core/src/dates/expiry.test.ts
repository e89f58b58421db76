import { describe, expect, it } from 'vitest';
import { EXPIRY_WARNING_DAYS, expiryStatus, isTrajectoryActive, isVisibleInList } from './expiry.ts';

const now = new Date(Date.UTC(2025, 5, 1, 12));
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

describe('expiry (activeUntil)', () => {
  it.each([
    ['null shows as inactive', null, 'inactive'],
    ['undefined shows as inactive', undefined, 'inactive'],
    ['an unreadable value shows as inactive', 'soon', 'inactive'],
    ['a past value shows as inactive', days(-1), 'inactive'],
    ['exactly now is past', now, 'inactive'],
    ['within 14 days warns', days(3), 'warning'],
    ['exactly 14 days warns', days(EXPIRY_WARNING_DAYS), 'warning'],
    ['beyond 14 days is active', days(14.01), 'active'],
    ['an ISO string is read', days(30).toISOString(), 'active'],
    ['an ISO date is read', '2025-06-10', 'warning'],
  ] as const)('%s', (_name, activeUntil, status) => {
    expect(expiryStatus(activeUntil, now)).toBe(status);
  });

  it('active while in the future; the list hides the rest unless asked', () => {
    expect(isTrajectoryActive(days(1), now)).toBe(true);
    expect(isTrajectoryActive(null, now)).toBe(false);
    expect(isVisibleInList(null, now, false)).toBe(false);
    expect(isVisibleInList(null, now, true)).toBe(true);
  });
});
