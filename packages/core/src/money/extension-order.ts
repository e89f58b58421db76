import { addMonths } from '../dates/business-days.ts';
import { fromCents, sumCents, toCents } from './cents.ts';
import type { PriceTier } from './credits-calculator.ts';

/** One trajectory in an extension order (POST /api/prices/calculations). */
export interface OrderLine {
  readonly trajectoryId: number;
  readonly months: number;
}

export interface PricedOrderLine extends OrderLine {
  readonly credits: number;
}

export interface PricedOrder {
  readonly trajectories: PricedOrderLine[];
  readonly credits: number;
}

/** An order line asks for a number of months that no price tier offers. */
export class UnknownPriceTierError extends Error {
  override readonly name = 'UnknownPriceTierError';
  readonly months: number;

  constructor(months: number) {
    super(`No price tier for ${months} month(s)`);
    this.months = months;
  }
}

export function findPriceTier(tiers: readonly PriceTier[], months: number): PriceTier | undefined {
  return tiers.find((tier) => tier.months === months);
}

/** Credits per line from its tier, and the exact total. Throws UnknownPriceTierError. */
export function priceExtensionOrder(
  order: { readonly trajectories: readonly OrderLine[] },
  tiers: readonly PriceTier[],
): PricedOrder {
  const trajectories = order.trajectories.map((line) => {
    const tier = findPriceTier(tiers, line.months);
    if (!tier) throw new UnknownPriceTierError(line.months);
    return { trajectoryId: line.trajectoryId, months: line.months, credits: tier.credits };
  });
  const credits = fromCents(sumCents(trajectories.map((line) => toCents(line.credits))));
  return { trajectories, credits };
}

/** Adds trajectories with the chosen months; ones already in the order are skipped. */
export function addToOrder(
  order: readonly OrderLine[],
  trajectoryIds: readonly number[],
  months: number,
): OrderLine[] {
  const present = new Set(order.map((line) => line.trajectoryId));
  const added = [...new Set(trajectoryIds)]
    .filter((id) => !present.has(id))
    .map((trajectoryId) => ({ trajectoryId, months }));
  return [...order, ...added];
}

export function removeFromOrder(order: readonly OrderLine[], trajectoryIds: readonly number[]): OrderLine[] {
  const removed = new Set(trajectoryIds);
  return order.filter((line) => !removed.has(line.trajectoryId));
}

/**
 * D24: an extension moves `activeUntil` (a calendar day, D4) to `max(today, activeUntil) + months`,
 * clamped to the month's last day (31 January + 1 month = 28 or 29 February). An expired or empty
 * active period starts again from today.
 */
export function extendedActiveUntil(activeUntil: string | null, today: string, months: number): string {
  const from = activeUntil !== null && activeUntil > today ? activeUntil : today;
  return addMonths(from, months);
}
