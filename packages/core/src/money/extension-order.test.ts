import { describe, expect, it } from 'vitest';
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
