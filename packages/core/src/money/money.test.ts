import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divideRounded, formatCents, fromCents, percentOf, sumCents, toCents } from './cents.ts';
import {
  CREDIT_AMOUNT_MAX,
  CREDIT_AMOUNT_MIN,
  calculateCredits,
  checkCreditAmount,
  clampCreditAmount,
  parseTierCount,
} from './credits-calculator.ts';
import { priceBreakdown } from './price.ts';

const tiers = [
  { months: 1, credits: 5 },
  { months: 6, credits: 25 },
  { months: 12, credits: 45.5 },
];

describe('cents', () => {
  it.each([
    [12.34, 1234],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [-2.5, -250],
    [1e-7, 0],
    [1000, 100000],
  ])('toCents(%s) = %s', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it('formats and reads back', () => {
    expect(formatCents(1234)).toBe('12.34');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(-5)).toBe('-0.05');
    expect(fromCents(1210)).toBe(12.1);
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });

  it('rounds halves away from zero', () => {
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(4n, 3n)).toBe(1n);
    expect(percentOf(1050, 10)).toBe(105);
    expect(percentOf(1, 50)).toBe(1);
    expect(percentOf(10000, 12.5)).toBe(1250);
  });

  it('property: sums of cents are exact and order-independent', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1_000_000, max: 1_000_000 }), { maxLength: 50 }), (amounts) => {
        const total = sumCents(amounts);
        expect(Number.isInteger(total)).toBe(true);
        expect(sumCents([...amounts].reverse())).toBe(total);
        expect(BigInt(total)).toBe(amounts.reduce((sum, amount) => sum + BigInt(amount), 0n));
      }),
    );
  });

  it('property: euro amounts with two decimals survive toCents and back', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (cents) => {
        expect(toCents(cents / 100)).toBe(cents);
        expect(toCents(fromCents(cents))).toBe(cents);
      }),
    );
  });
});

describe('credits calculator', () => {
  it.each([
    ['counts times credits per tier, summed', [2, 1, 0], 35],
    ['numeric text counts', ['2', ' 1 ', ''], 35],
    ['a Dutch decimal comma is read, then cut', ['1,9', '0', '0'], 5],
    ['non-numeric input is ignored', ['abc', '1x', null], 0],
    ['negatives become 0', [-3, 1, '-1'], 25],
    ['fractions are cut', [1.9, 0, 0], 5],
    ['decimal tier credits stay exact', [0, 0, 3], 136.5],
    ['missing counts are nothing', [1], 5],
  ])('%s', (_name, counts, total) => {
    expect(calculateCredits(tiers, counts)).toBe(total);
  });

  it('parses a count', () => {
    expect(parseTierCount('7')).toBe(7);
    expect(parseTierCount(Number.NaN)).toBe(0);
    expect(parseTierCount(Number.POSITIVE_INFINITY)).toBe(0);
    expect(parseTierCount({})).toBe(0);
  });

  it('property: the total equals the exact sum of count × credits', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 3, maxLength: 3 }), (counts) => {
        const cents = counts.reduce((sum, count, index) => sum + count * toCents(tiers[index]!.credits), 0);
        expect(toCents(calculateCredits(tiers, counts))).toBe(cents);
      }),
    );
  });
});

describe('credit amount', () => {
  it.each([
    [0, 10],
    [9.2, 10],
    [35, 35],
    [136.5, 137],
    [5000, 1000],
    [Number.NaN, 10],
  ])('the amount follows the calculator total %s, clamped: %s', (total, amount) => {
    expect(clampCreditAmount(total)).toBe(amount);
  });

  it.each([10, 1000, 500, '250'])('accepts %j', (input) => {
    expect(checkCreditAmount(input)).toEqual({ ok: true, amount: Number(input) });
  });

  it.each([9, 1001, 10.5, '', 'ten', '0x10', '1e2', null, undefined, Number.NaN])(
    'refuses %j with range and its limits',
    (input) => {
      expect(checkCreditAmount(input)).toEqual({
        ok: false,
        error: { key: 'range', min: CREDIT_AMOUNT_MIN, max: CREDIT_AMOUNT_MAX },
      });
    },
  );
});

describe('price breakdown', () => {
  it('no discount: VAT 21 % on the amount', () => {
    expect(priceBreakdown(100)).toEqual({
      amountCents: 10000,
      discountPercent: 0,
      discountCents: 0,
      netCents: 10000,
      vatPercent: 21,
      vatCents: 2100,
      totalCents: 12100,
      showDiscount: false,
    });
  });

  it('discount = amount × percent / 100, VAT after the discount', () => {
    const price = priceBreakdown(250, 10);
    expect(price.discountCents).toBe(2500);
    expect(price.netCents).toBe(22500);
    expect(price.vatCents).toBe(4725);
    expect(price.totalCents).toBe(27225);
    expect(price.showDiscount).toBe(true);
  });

  it('rounds each step to the cent', () => {
    const price = priceBreakdown(33, 7.5);
    expect(price.discountCents).toBe(248); // 247.5 → 248
    expect(price.netCents).toBe(3052);
    expect(price.vatCents).toBe(641); // 640.92 → 641
    expect(price.totalCents).toBe(3693);
  });

  it('clamps the discount percentage to 0–100', () => {
    expect(priceBreakdown(10, 150).totalCents).toBe(0);
    expect(priceBreakdown(10, -5).discountCents).toBe(0);
  });

  it('property: lines always add up exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: CREDIT_AMOUNT_MIN, max: CREDIT_AMOUNT_MAX }),
        fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100),
        (amount, percent) => {
          const price = priceBreakdown(amount, percent);
          expect(price.amountCents - price.discountCents).toBe(price.netCents);
          expect(price.netCents + price.vatCents).toBe(price.totalCents);
          expect(Number.isInteger(price.totalCents)).toBe(true);
          expect(Math.abs(price.vatCents * 100 - price.netCents * 21)).toBeLessThanOrEqual(50);
        },
      ),
    );
  });
});
