import { describe, expect, it } from 'vitest';
import { zCreditPageQuery, zCreditPurchaseRequest, zOrderRequest, zPageOf, zQuote } from './credits.ts';

describe('credits contract', () => {
  it.each([
    [10, true],
    [1000, true],
    [9, false],
    [1001, false],
    [10.5, false],
    ['100', false],
  ])('amount %j accepted: %s', (amount, ok) => {
    const result = zCreditPurchaseRequest.safeParse({
      amount,
      reference: 'PO-1',
      redirect: '/credits-success',
    });
    expect(result.success).toBe(ok);
    if (!ok) expect(result.error?.issues[0]?.message).toBe('range');
  });

  it('the reference is optional; blank becomes null', () => {
    expect(zCreditPurchaseRequest.parse({ amount: 50, reference: ' ' })).toEqual({
      amount: 50,
      reference: null,
    });
  });

  it('transaction pages default to size 20', () => {
    expect(zCreditPageQuery.parse({})).toEqual({ page: 0, size: 20 });
    expect(zCreditPageQuery.parse({ page: '2', size: '5' })).toEqual({ page: 2, size: 5 });
    expect(zPageOf(zQuote).safeParse({ total: 0, content: [] }).success).toBe(true);
  });

  it('an order lists each trajectory once', () => {
    expect(zOrderRequest.safeParse({ trajectories: [{ trajectoryId: 1, months: 12 }] }).success).toBe(true);
    expect(zOrderRequest.safeParse({ trajectories: [] }).success).toBe(false);
    expect(
      zOrderRequest.safeParse({
        trajectories: [
          { trajectoryId: 1, months: 12 },
          { trajectoryId: 1, months: 1 },
        ],
      }).success,
    ).toBe(false);
  });
});
