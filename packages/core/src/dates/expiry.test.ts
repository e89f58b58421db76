import { describe, expect, it } from 'vitest';
import { EXPIRY_WARNING_DAYS, expiryStatus, isTrajectoryActive, isVisibleInList } from './expiry.ts';

// 1 June 2025, 12:00 in Amsterdam.
const now = new Date('2025-06-01T10:00:00Z');

describe('expiry (activeUntil) by calendar days in the business time zone (D4, D12)', () => {
  it.each([
    ['null shows as inactive', null, 'inactive'],
    ['undefined shows as inactive', undefined, 'inactive'],
    ['an unreadable value shows as inactive', 'soon', 'inactive'],
    ['yesterday is past', '2025-05-31', 'inactive'],
    ['the last day itself is still active (warning)', '2025-06-01', 'warning'],
    ['within 14 days warns', '2025-06-10', 'warning'],
    [`exactly ${EXPIRY_WARNING_DAYS} days warns`, '2025-06-15', 'warning'],
    ['beyond 14 days is active', '2025-06-16', 'active'],
    ['an ISO date-time counts by its Amsterdam day', '2025-07-01T21:30:00Z', 'active'],
    ['a Date counts by its Amsterdam day', new Date('2025-05-31T22:30:00Z'), 'warning'],
  ] as const)('%s', (_name, activeUntil, status) => {
    expect(expiryStatus(activeUntil, now)).toBe(status);
  });

  it('names the same status whatever the zone of the process, by the business zone', () => {
    // 23:30 UTC on 31 May is already 1 June in Amsterdam: a trajectory ending 31 May is then inactive.
    const lateEvening = new Date('2025-05-31T23:30:00Z');
    expect(expiryStatus('2025-05-31', lateEvening)).toBe('inactive');
    expect(expiryStatus('2025-05-31', lateEvening, 'UTC')).toBe('warning');
    expect(expiryStatus('2025-05-31', new Date('2025-05-31T11:59:00Z'), 'Pacific/Auckland')).toBe('warning');
    expect(expiryStatus('2025-05-31', new Date('2025-05-31T12:00:00Z'), 'Pacific/Auckland')).toBe('inactive');
    expect(expiryStatus('2025-05-31', new Date('2025-05-31T11:59:00Z'), 'UTC')).toBe('warning');
  });

  it('active through the last day; the list hides the rest unless asked', () => {
    expect(isTrajectoryActive('2025-06-02', now)).toBe(true);
    expect(isTrajectoryActive(null, now)).toBe(false);
    expect(isVisibleInList(null, now, false)).toBe(false);
    expect(isVisibleInList(null, now, true)).toBe(true);
  });
});
