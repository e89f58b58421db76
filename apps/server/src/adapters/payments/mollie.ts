import { createRequire } from 'node:module';
import { type Cents, formatCents, toCents } from '@groeipad/core';
import type { MollieClient } from '@mollie/api-client';
import {
  type CreatedPayment,
  type NewPayment,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderPayment,
} from './payments.ts';

const STATUSES = new Set(['open', 'pending', 'authorized', 'paid', 'canceled', 'expired', 'failed']);

/**
 * Payments through Mollie's official Node client (D22). `apiEndpoint` is for tests only: a loopback
 * stand-in of Mollie's endpoints (the client accepts only https with its own bundled certificates, so
 * such a test turns certificate checks off in its own process — never the server).
 */
export class MolliePayments implements PaymentProvider {
  readonly kind = 'mollie';
  private readonly client: MollieClient;

  constructor(options: { apiKey: string; apiEndpoint?: string }) {
    // Loaded only when Mollie is configured: the client costs the process ~15 MiB (bench/README.md,
    // "Server memory").
    const { createMollieClient } = createRequire(import.meta.url)(
      '@mollie/api-client',
    ) as typeof import('@mollie/api-client');
    this.client = createMollieClient({
      apiKey: options.apiKey,
      ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint } : {}),
    });
  }

  async createPayment(input: NewPayment): Promise<CreatedPayment> {
    try {
      const payment = await this.client.payments.create({
        amount: { currency: 'EUR', value: formatCents(input.amountCents) },
        description: input.description,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        metadata: { transactionId: input.transactionId },
      });
      const checkoutUrl = payment.getCheckoutUrl();
      if (!checkoutUrl) throw new PaymentProviderError(`Mollie gave payment ${payment.id} no checkout URL`);
      return { id: payment.id, checkoutUrl };
    } catch (error) {
      throw wrap(error);
    }
  }

  async getPayment(id: string): Promise<ProviderPayment> {
    try {
      const payment = await this.client.payments.get(id);
      if (!STATUSES.has(payment.status)) throw new PaymentProviderError(`unknown status ${payment.status}`);
      return {
        id: payment.id,
        status: payment.status as ProviderPayment['status'],
        amountCents: centsOf(payment.amount.value),
      };
    } catch (error) {
      throw wrap(error);
    }
  }
}

function centsOf(value: string): Cents {
  return toCents(Number(value));
}

function wrap(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  return new PaymentProviderError(error instanceof Error ? error.message : String(error));
}
