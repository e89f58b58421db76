import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES } from '../contract/credits.ts';
import { addMonths } from '../dates/business-days.ts';
import { extendedActiveUntil } from './extension-order.ts';
import { FINAL_PAYMENT_STATUSES, isFinalPaymentStatus, mayMovePayment } from './payment-status.ts';
import { DEFAULT_PRICE_TIERS, parsePriceTiers } from './price-tiers.ts';

describe('payment statuses follow Mollie (D22)', () => {
  it('open moves on; a final status never changes', () => {
    expect(mayMovePayment('open', 'paid')).toBe(true);
    expect(mayMovePayment('open', 'pending')).toBe(true);
    expect(mayMovePayment('pending', 'failed')).toBe(true);
    expect(mayMovePayment('authorized', 'paid')).toBe(true);
    expect(mayMovePayment('quote', 'open')).toBe(true);
    expect(mayMovePayment('quote', 'paid')).toBe(false);
    expect(mayMovePayment('pending', 'open')).toBe(false);
    for (const from of FINAL_PAYMENT_STATUSES)
      for (const to of PAYMENT_STATUSES) expect(mayMovePayment(from, to), `${from} → ${to}`).toBe(false);
    expect(PAYMENT_STATUSES.filter(isFinalPaymentStatus)).toEqual(['paid', 'canceled', 'expired', 'failed']);
  });

  it('property: no status is reached again once left (no cycles)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PAYMENT_STATUSES), { maxLength: 12 }), (steps) => {
        let current: (typeof PAYMENT_STATUSES)[number] = 'quote';
        const seen = new Set<(typeof PAYMENT_STATUSES)[number]>([current]);
        for (const next of steps) {
          if (!mayMovePayment(current, next)) continue;
          expect(seen.has(next)).toBe(false);
          seen.add(next);
          current = next;
        }
      }),
    );
  });
});

describe('price tiers (D24)', () => {
  it('reads PRICE_TIERS, by months', () => {
    expect(parsePriceTiers(DEFAULT_PRICE_TIERS)).toEqual([
      { months: 1, credits: 5 },
      { months: 6, credits: 25 },
      { months: 12, credits: 45 },
    ]);
    expect(parsePriceTiers(' 12:40.50 , 3 : 12 ')).toEqual([
      { months: 3, credits: 12 },
      { months: 12, credits: 40.5 },
    ]);
  });

  it.each(['', '0:5', '1:5,1:6', '1:-5', '1:5.123', 'een:5', '1:5;6:25', '121:5'])('refuses %j', (text) => {
    expect(() => parsePriceTiers(text)).toThrow(RangeError);
  });
});

describe('extending an active period (D24)', () => {
  it('from the end when it is still to come, else from today; clamped to the month’s last day', () => {
    expect(extendedActiveUntil('2027-03-10', '2026-11-25', 12)).toBe('2028-03-10');
    expect(extendedActiveUntil('2026-01-31', '2026-11-25', 1)).toBe('2026-12-25');
    expect(extendedActiveUntil(null, '2026-11-25', 6)).toBe('2027-05-25');
    expect(extendedActiveUntil('2027-01-31', '2026-11-25', 1)).toBe('2027-02-28');
    expect(extendedActiveUntil('2028-01-31', '2026-11-25', 1)).toBe('2028-02-29');
    // The last active day is today: it still counts from today.
    expect(extendedActiveUntil('2026-11-25', '2026-11-25', 1)).toBe('2026-12-25');
  });

  it('property: never before today + months, and never shorter than the old end + months', () => {
    const day = fc
      .date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(fc.option(day), day, fc.integer({ min: 1, max: 24 }), (until, today, months) => {
        const next = extendedActiveUntil(until, today, months);
        expect(next >= addMonths(today, months)).toBe(true);
        if (until !== null) expect(next >= addMonths(until, months)).toBe(true);
      }),
    );
  });
});
