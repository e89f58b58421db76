/**
 * Money as whole cents. Every amount is a safe integer number of cents, so sums are exact;
 * products and quotients round once, half up, with integer (BigInt) arithmetic.
 */
export type Cents = number;

/** 1 credit = 1 euro (spec part 2 §9). */
export const EURO_PER_CREDIT = 1;
export const CURRENCY = 'EUR';

/**
 * Cents of a decimal amount (euros or credits), rounded half up on the decimal text so that
 * 1.005 gives 101 and 0.1 + 0.2 style drift never leaks in. Throws on non-finite input.
 */
export function toCents(amount: number): Cents {
  if (!Number.isFinite(amount)) throw new RangeError(`Not a finite amount: ${amount}`);
  const text = String(Math.abs(amount));
  const scaled = text.includes('e') ? Math.abs(amount) * 100 : Number(`${text}e2`);
  const cents = Math.floor(scaled + 0.5);
  return amount < 0 ? -cents : cents;
}

/** The decimal number of a cents amount (for display and JSON); 1234 → 12.34. */
export function fromCents(cents: Cents): number {
  return Number(formatCents(cents));
}

/** '12.34' for 1234 and '-0.05' for -5: a plain decimal text without a currency sign. */
export function formatCents(cents: Cents): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function assertCents(cents: Cents): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
}

/** Exact sum of cents. */
export function sumCents(amounts: readonly Cents[]): Cents {
  return amounts.reduce((total, amount) => {
    assertCents(amount);
    const next = total + amount;
    assertCents(next);
    return next;
  }, 0);
}

/** round(numerator / denominator), halves away from zero, exact for any safe integers. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (2n * n + d) / (2n * d);
  return negative ? -rounded : rounded;
}

/** `cents × percent / 100`, rounded half up to the cent; `percent` may have two decimals. */
export function percentOf(cents: Cents, percent: number): Cents {
  assertCents(cents);
  const hundredths = toCents(percent);
  return Number(divideRounded(BigInt(cents) * BigInt(hundredths), 10_000n));
}
