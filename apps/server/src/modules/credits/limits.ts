import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { consumeRateLimit, type RequestOrigin } from '../auth/index.ts';

/**
 * Abuse limits of paying (issue 20; docs/operations.md "Abuse limits"): database counters, so every
 * app server counts the same hits. Each is consumed before anything is written, so a refused call
 * (429 with Retry-After) leaves no transaction and asks the payment provider nothing.
 */

/**
 * A purchase (buying, accepting a quote: both start a checkout) or a quote request, per user and per
 * client address. Asked after the role check, so only calls that would write count.
 */
export async function limitPurchase(
  ctx: AppContext,
  kind: 'purchase' | 'quote',
  actor: Actor,
  origin: RequestOrigin,
): Promise<void> {
  const limits = ctx.config.abuseLimits;
  await consumeRateLimit(ctx.db, `${kind}:user:${actor.userId}`, limits.purchasesPerUser);
  await consumeRateLimit(ctx.db, `${kind}:client:${origin.ip}`, limits.purchasesPerClient);
}

/**
 * An anonymous payment call (the provider's webhook, the test checkout's completion) per client
 * address. Mollie calls a few times per payment and retries a refused webhook later, so a refusal
 * delays a status, never loses it.
 */
export async function limitPaymentCall(
  ctx: AppContext,
  kind: 'webhook' | 'test-payment',
  origin: RequestOrigin,
): Promise<void> {
  await consumeRateLimit(
    ctx.db,
    `${kind}:client:${origin.ip}`,
    ctx.config.abuseLimits.paymentWebhookPerClient,
  );
}
