import type { PaymentStatus } from '../contract/credits.ts';

/**
 * Payment statuses follow Mollie's (D22), plus our own `quote` (D25: a quote is a credit transaction
 * that has not gone to checkout yet). Mollie's payment moves from `open` to `pending` or `authorized`
 * and ends in `paid`, `canceled`, `expired` or `failed`; an ended payment never moves again.
 */
export const FINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = ['paid', 'canceled', 'expired', 'failed'];

/** Whether a payment has ended; a status this version does not know (tolerantEnum) has not. */
export function isFinalPaymentStatus(status: string): status is PaymentStatus {
  return (FINAL_PAYMENT_STATUSES as readonly string[]).includes(status);
}

const NEXT: Record<PaymentStatus, readonly PaymentStatus[]> = {
  // Accepting a quote sends that same transaction to checkout (D25).
  quote: ['open'],
  open: ['pending', 'authorized', 'paid', 'canceled', 'expired', 'failed'],
  pending: ['authorized', 'paid', 'canceled', 'expired', 'failed'],
  authorized: ['paid', 'canceled', 'expired', 'failed'],
  paid: [],
  canceled: [],
  expired: [],
  failed: [],
};

/** Whether a transaction in status `from` may move to `to` (the same status is no move). */
export function mayMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return NEXT[from].includes(to);
}
