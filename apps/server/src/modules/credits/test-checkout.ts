import { fromCents, type TestPayment } from '@groeipad/core';
import { TestCheckout, type TestOutcome } from '../../adapters/payments/test-checkout.ts';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../errors.ts';
import type { RequestOrigin } from '../auth/index.ts';
import { limitPaymentCall } from './limits.ts';
import { applyPaymentStatus, paymentsOf } from './service.ts';

/** The built-in test checkout, when it is the app's payment provider (D22); else there is none (404). */
function testCheckout(ctx: AppContext): TestCheckout {
  const payments = paymentsOf(ctx);
  if (!(payments instanceof TestCheckout)) throw notFound();
  return payments;
}

/**
 * GET /api/payments/test/{id}: what the test checkout page shows. Anyone with the id may see it, signed in
 * or not, as at Mollie (D46). A payment this read finds past its lifetime ends as `expired`, and that status
 * is applied to the transaction as the webhook would.
 */
export async function getTestPayment(ctx: AppContext, id: string): Promise<TestPayment> {
  const checkout = testCheckout(ctx);
  if (await checkout.expireIfDue(id)) await applyPaymentStatus(ctx, id);
  const row = await checkout.find(id);
  if (!row) throw notFound();
  return {
    id: row.id,
    amount: fromCents(Number(row.amount_cents)),
    description: row.description,
    status: row.status,
  };
}

/**
 * POST /api/payments/test/{id}: the payer ends an open payment; the status is then applied as the webhook
 * applies it (reading it back from the checkout, never from this call), before the payer is sent back, so
 * the page they return to already knows. An ended payment stays ended: 409 paymentEnded.
 */
export async function completeTestPayment(
  ctx: AppContext,
  id: string,
  outcome: TestOutcome,
  origin: RequestOrigin,
): Promise<{ redirect: string }> {
  const checkout = testCheckout(ctx);
  // Anonymous and it applies a status: limited like the webhook it stands in for.
  await limitPaymentCall(ctx, 'test-payment', origin);
  const result = await checkout.complete(id, outcome);
  if (!result) throw notFound();
  if (!result.changed) {
    // Ended by its lifetime just now (D46): the transaction follows before the payer hears 409.
    await applyPaymentStatus(ctx, id);
    throw conflict('paymentEnded');
  }
  await applyPaymentStatus(ctx, id);
  return { redirect: result.redirectUrl };
}
