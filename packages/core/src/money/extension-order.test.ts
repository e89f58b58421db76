import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents } from './cents.ts';
import { calculateCredits } from './credits-calculator.ts';
import {
  addToOrder,
  priceExtensionOrder,
  removeFromOrder,
  UnknownPriceTierError,
} from './extension-order.ts';

const tiers = [
  { months: 1, credits: 5 },
  { months: 12, credits: 45.1 },
];

describe('extension order', () => {
  it('prices each line from its tier and totals exactly', () => {
    const priced = priceExtensionOrder(
      {
        trajectories: [
          { trajectoryId: 1, months: 12 },
          { trajectoryId: 2, months: 12 },
          { trajectoryId: 3, months: 1 },
        ],
      },
      tiers,
    );
    expect(priced.trajectories).toEqual([
      { trajectoryId: 1, months: 12, credits: 45.1 },
      { trajectoryId: 2, months: 12, credits: 45.1 },
      { trajectoryId: 3, months: 1, credits: 5 },
    ]);
    expect(priced.credits).toBe(95.2);
  });

  it('an empty order costs nothing', () => {
    expect(priceExtensionOrder({ trajectories: [] }, tiers)).toEqual({ trajectories: [], credits: 0 });
  });

  it('refuses months without a tier', () => {
    expect(() => priceExtensionOrder({ trajectories: [{ trajectoryId: 1, months: 7 }] }, tiers)).toThrow(
      UnknownPriceTierError,
    );
  });

  it('adding skips trajectories already in the order; the tier applies to new lines only', () => {
    const order = addToOrder([{ trajectoryId: 1, months: 1 }], [1, 2, 2], 12);
    expect(order).toEqual([
      { trajectoryId: 1, months: 1 },
      { trajectoryId: 2, months: 12 },
    ]);
    expect(removeFromOrder(order, [1])).toEqual([{ trajectoryId: 2, months: 12 }]);
  });
});

describe('money sums are exact (property)', () => {
  it('an order total is the exact cent sum of its lines, whatever the decimal tier prices', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 99_999 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        (tierCents, picks) => {
          const decimalTiers = tierCents.map((cents, index) => ({ months: index + 1, credits: cents / 100 }));
          const lines = picks.map((pick, index) => ({
            trajectoryId: index,
            months: (pick % decimalTiers.length) + 1,
          }));
          const exact = lines.reduce((sum, line) => sum + BigInt(tierCents[line.months - 1]!), 0n);
          const priced = priceExtensionOrder({ trajectories: lines }, decimalTiers);
          // Exactly the decimal number of the cent sum: no 0.1 + 0.2 drift, not even below a cent.
          expect(priced.credits).toBe(Number(formatCents(Number(exact))));
        },
      ),
      { numRuns: 300 },
    );
  });
  it('the calculator total is exact for decimal tier prices too', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 0, max: 50 })), {
          minLength: 1,
          maxLength: 5,
        }),
        (rows) => {
          const calculatorTiers = rows.map(([cents], index) => ({ months: index + 1, credits: cents / 100 }));
          const exact = rows.reduce((sum, [cents, count]) => sum + BigInt(cents) * BigInt(count), 0n);
          const total = calculateCredits(
            calculatorTiers,
            rows.map(([, count]) => count),
          );
          expect(total).toBe(Number(formatCents(Number(exact))));
        },
      ),
      { numRuns: 300 },
    );
  });
});
