import { describe, expect, it } from 'vitest';
import { zPageOf } from './common.ts';
import {
  CREDIT_PAGE_SIZE,
  zCreditPageQuery,
  zCreditPurchaseRequest,
  zCreditTransactionPage,
  zOrderRequest,
  zPricedOrder,
  zPriceTiers,
  zPurchaseResponse,
  zQuote,
  zTrajectoryTransactionPage,
} from './credits.ts';

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

  it("an amount outside 10–1000 gives 'range' with min and max", () => {
    const issue = zCreditPurchaseRequest.safeParse({ amount: 5 }).error?.issues[0];
    expect(issue).toMatchObject({ message: 'range', params: { key: 'range', min: 10, max: 1000 } });
  });

  it('POST /api/credits {amount, reference, redirect} returns {redirect} (optional)', () => {
    expect(zPurchaseResponse.parse({ redirect: 'https://pay.example/1' })).toEqual({
      redirect: 'https://pay.example/1',
    });
    expect(zPurchaseResponse.parse({})).toEqual({});
  });

  it('credit and trajectory transaction pages are {total, content}, page size 20', () => {
    expect(CREDIT_PAGE_SIZE).toBe(20);
    expect(zCreditTransactionPage.safeParse({ total: 1, content: [] }).success).toBe(true);
    expect(zTrajectoryTransactionPage.safeParse({ content: [] }).success).toBe(false);
  });

  it('GET /api/prices lists {months, credits}; POST /api/prices/calculations returns lines and total', () => {
    expect(zPriceTiers.safeParse([{ months: 12, credits: 40 }]).success).toBe(true);
    expect(zPriceTiers.safeParse([{ months: 0, credits: 40 }]).success).toBe(false);
    expect(
      zPricedOrder.safeParse({ trajectories: [{ trajectoryId: 1, months: 12, credits: 40 }], credits: 40 })
        .success,
    ).toBe(true);
  });
});
