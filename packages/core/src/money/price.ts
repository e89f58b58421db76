import { type Cents, percentOf, toCents } from './cents.ts';

/** VAT applied after the discount (spec part 2 §9). */
export const VAT_PERCENT = 21;

/** The overview of a credits purchase or quote, all in cents. */
export interface PriceBreakdown {
  /** Credits bought = euros before discount (1 credit = 1 euro). */
  readonly amountCents: Cents;
  readonly discountPercent: number;
  /** amount × percent / 100, rounded to the cent. */
  readonly discountCents: Cents;
  /** Amount after the discount, before VAT. */
  readonly netCents: Cents;
  readonly vatPercent: number;
  readonly vatCents: Cents;
  /** Net plus VAT. */
  readonly totalCents: Cents;
  /** The discount and net lines show only when the discount is above 0. */
  readonly showDiscount: boolean;
}

/** Discount first, then 21 % VAT on what is left; every step exact to the cent. */
export function priceBreakdown(amount: number, discountPercent = 0): PriceBreakdown {
  const amountCents = toCents(amount);
  const percent = Number.isFinite(discountPercent) ? Math.min(100, Math.max(0, discountPercent)) : 0;
  const discountCents = percentOf(amountCents, percent);
  const netCents = amountCents - discountCents;
  const vatCents = percentOf(netCents, VAT_PERCENT);
  return {
    amountCents,
    discountPercent: percent,
    discountCents,
    netCents,
    vatPercent: VAT_PERCENT,
    vatCents,
    totalCents: netCents + vatCents,
    showDiscount: discountCents > 0,
  };
}
