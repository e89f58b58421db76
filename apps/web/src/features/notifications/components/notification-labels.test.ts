import { describe, expect, it } from 'vitest';
import {
  actionLabelKey,
  actorName,
  formatNotificationTime,
  notificationHref,
  targetLabelKey,
} from './notification-labels';

const trajectory = { id: 7, name: 'BPV' };

describe('notification rows', () => {
  it.each([
    ['FORM', null, 'UPDATE', '/trajectory/7/form'],
    ['EVALUATION', null, 'UPDATE', '/trajectory/7/evaluation'],
    ['REPORT', 4, 'CREATE', '/trajectory/7/reports/4'],
    ['REPORT', 4, 'DELETE', '/trajectory/7/reports'],
    ['DASHBOARD', null, 'UPDATE', null],
  ])('%s %s %s links to %s', (target, targetId, action, href) => {
    expect(notificationHref({ trajectory, target, targetId, action })).toBe(href);
  });

  it('an unknown target or action has no label key (shown as Onbekend (x)), never an error (spec §8, §9)', () => {
    expect(targetLabelKey('REPORT')).toBe('notifications.target.REPORT');
    expect(targetLabelKey('DASHBOARD')).toBeNull();
    expect(targetLabelKey('__proto__')).toBeNull();
    expect(actionLabelKey('DELETE')).toBe('notifications.action.DELETE');
    expect(actionLabelKey('ARCHIVE')).toBeNull();
  });

  it('dd/MM/yyyy HH:mm; a broken time is empty', () => {
    // Europe/Amsterdam (D4), whatever the test's own time zone.
    expect(formatNotificationTime('2025-03-04T08:05:00.000Z')).toBe('04/03/2025 09:05');
    expect(formatNotificationTime('nonsense')).toBe('');
  });

  it('the actor by name, else e-mail; none when the account is gone', () => {
    expect(actorName({ email: 'a@x.nl', firstName: 'Sam', lastName: 'Vries' })).toBe('Sam Vries');
    expect(actorName({ email: 'a@x.nl', firstName: null, lastName: null })).toBe('a@x.nl');
    expect(actorName(null)).toBeNull();
  });
});
