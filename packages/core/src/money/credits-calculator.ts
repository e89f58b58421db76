import { parseDecimal, parseInteger } from '../fields/values.ts';
import { type Cents, fromCents, sumCents, toCents } from './cents.ts';

/** A price tier: extending a trajectory by `months` costs `credits` (GET /api/prices). */
export interface PriceTier {
  readonly months: number;
  readonly credits: number;
}

/** Limits of a credits purchase or quote, in whole euros (spec part 2 §5, §9). */
export const CREDIT_AMOUNT_MIN = 10;
export const CREDIT_AMOUNT_MAX = 1000;

/**
 * A calculator count as typed: numeric text or a number. Non-numeric input counts as nothing
 * (0); negatives become 0; fractions are cut to whole numbers.
 */
export function parseTierCount(input: unknown): number {
  const value = typeof input === 'number' ? input : typeof input === 'string' ? parseDecimal(input) : null;
  if (value === null || !Number.isFinite(value) || value <= 0) return 0;
  return Math.trunc(value);
}

/** Calculator total in cents: the sum over tiers of count × credits. */
export function calculatorTotalCents(tiers: readonly PriceTier[], counts: readonly unknown[]): Cents {
  return sumCents(tiers.map((tier, index) => toCents(tier.credits) * parseTierCount(counts[index])));
}

/** Calculator total in credits: count × credits per tier, summed exactly. */
export function calculateCredits(tiers: readonly PriceTier[], counts: readonly unknown[]): number {
  return fromCents(calculatorTotalCents(tiers, counts));
}

/** The amount field follows the calculator total, as a whole number clamped to 10–1000. */
export function clampCreditAmount(total: number): number {
  if (!Number.isFinite(total)) return CREDIT_AMOUNT_MIN;
  return Math.min(CREDIT_AMOUNT_MAX, Math.max(CREDIT_AMOUNT_MIN, Math.ceil(total)));
}

export interface CreditRangeError {
  readonly key: 'range';
  readonly min: number;
  readonly max: number;
}

export type CreditAmountCheck = { ok: true; amount: number } | { ok: false; error: CreditRangeError };

/** A purchase or quote amount must be a whole number 10–1000, else the `range` error. */
export function checkCreditAmount(input: unknown): CreditAmountCheck {
  const value = typeof input === 'string' ? parseInteger(input) : input;
  if (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= CREDIT_AMOUNT_MIN &&
    value <= CREDIT_AMOUNT_MAX
  ) {
    return { ok: true, amount: value };
  }
  return { ok: false, error: { key: 'range', min: CREDIT_AMOUNT_MIN, max: CREDIT_AMOUNT_MAX } };
}
