import type { PriceTier } from './credits-calculator.ts';

/** D24: the tiers when `PRICE_TIERS` is not set: 1 month 5 credits, 6 months 25, 12 months 45. */
export const DEFAULT_PRICE_TIERS = '1:5,6:25,12:45';

/**
 * `PRICE_TIERS` (D24) as `months:credits` pairs separated by commas, e.g. `1:5,6:25,12:45`. Months are
 * whole numbers from 1 to 120, each once; credits are euros with at most two decimals, not negative.
 * Sorted by months. Throws a RangeError naming the first bad pair.
 */
export function parsePriceTiers(text: string): PriceTier[] {
  const tiers = text
    .split(',')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '')
    .map((pair) => {
      const match = /^(\d{1,3})\s*:\s*(\d{1,6}(?:\.\d{1,2})?)$/.exec(pair);
      const months = match ? Number(match[1]) : Number.NaN;
      if (!match || months < 1 || months > 120) throw new RangeError(`Not a price tier: "${pair}"`);
      return { months, credits: Number(match[2]) };
    })
    .sort((a, b) => a.months - b.months);
  if (tiers.length === 0) throw new RangeError('No price tiers');
  const months = new Set(tiers.map((tier) => tier.months));
  if (months.size !== tiers.length) throw new RangeError('A month count appears twice in the price tiers');
  return tiers;
}
