import { describe, expect, it } from 'vitest';
import { zExtractListEntry } from '../endpoints/extracts.ts';
import { zNotificationPage } from '../endpoints/notifications.ts';
import { zCreditTransactionPage, zPaymentStatus, zTestPaymentChoice } from './credits.ts';
import { zMentorLink } from './mentor-links.ts';
import { isKnownValue, tolerantEnum } from './tolerant-enum.ts';
import { zTrashItem } from './trash.ts';

describe('tolerantEnum (spec part 2 §9)', () => {
  const zColour = tolerantEnum(['RED', 'GREEN']);

  it('keeps a known value, keeps an unknown text as sent, refuses what is no text', () => {
    expect(zColour.parse('RED')).toBe('RED');
    const unknown = zColour.parse('PURPLE');
    expect(unknown).toBe('PURPLE');
    expect(isKnownValue(['RED', 'GREEN'], unknown)).toBe(false);
    expect(isKnownValue(['RED', 'GREEN'], 'GREEN')).toBe(true);
    expect(zColour.safeParse(3).success).toBe(false);
    expect(zColour.safeParse(null).success).toBe(false);
  });

  it('one unknown payment status, notification target or action, or trash type leaves the list readable', () => {
    const transaction = {
      id: 1,
      createdOn: '2026-12-01T10:00:00Z',
      credits: 10,
      price: 12.1,
      userId: null,
      userEmail: null,
      quoteId: null,
      invoiceId: null,
      reference: null,
      kind: 'purchase',
    };
    const page = zCreditTransactionPage.parse({
      content: [
        { ...transaction, paymentStatus: 'paid' },
        { ...transaction, id: 2, paymentStatus: 'refunded' },
      ],
      total: 2,
    });
    expect(page.content.map((row) => row.paymentStatus)).toEqual(['paid', 'refunded']);

    const notification = {
      id: 1,
      type: 'trajectory',
      trajectory: { id: 3, name: 'Anna' },
      targetId: null,
      read: false,
      created: '2026-12-01T10:00:00Z',
      actor: null,
    };
    const notifications = zNotificationPage.parse({
      unread: 2,
      total: 2,
      notifications: [
        { ...notification, target: 'FORM', action: 'UPDATE' },
        { ...notification, id: 2, target: 'DOCUMENT', action: 'ARCHIVE' },
      ],
    });
    expect(notifications.notifications[1]).toMatchObject({ target: 'DOCUMENT', action: 'ARCHIVE' });

    const trash = {
      id: 'blueprint-4',
      name: 'Oud',
      admin: true,
      statusModifiedOn: null,
      statusModifiedByEmail: null,
    };
    expect(zTrashItem.parse({ ...trash, type: 'CHECKLIST' }).type).toBe('CHECKLIST');
  });

  it('so do a progress report’s status and state and a mentor link’s status in their lists', () => {
    expect(zExtractListEntry.shape.state.parse('PAUSED')).toBe('PAUSED');
    expect(zExtractListEntry.shape.status.parse('DELETED')).toBe('DELETED');
    expect(zMentorLink.shape.status.parse('PAUSED')).toBe('PAUSED');
    expect(zExtractListEntry.shape.state.parse('READY')).toBe('READY');
  });

  it('requests stay strict: the server refuses a status it does not know', () => {
    expect(zPaymentStatus.safeParse('refunded').success).toBe(false);
    expect(zTestPaymentChoice.safeParse({ status: 'refunded' }).success).toBe(false);
  });
});
