import type { Cents, PaymentStatus } from '@groeipad/core';

/**
 * The payment adapter (DESIGN principle 6; D22): Mollie's official client when MOLLIE_API_KEY is set,
 * else a built-in test checkout that plays Mollie's part (`test-checkout.ts`). The credits service
 * only creates payments and asks for their status; it never trusts a status it did not fetch.
 */
export interface PaymentProvider {
  readonly kind: 'mollie' | 'test' | 'none';
  createPayment(input: NewPayment): Promise<CreatedPayment>;
  /** The payment as the provider has it now. */
  getPayment(id: string): Promise<ProviderPayment>;
}

export interface NewPayment {
  /** EUR, VAT included. */
  amountCents: Cents;
  description: string;
  /** Where the checkout sends the payer afterwards, whatever the outcome. */
  redirectUrl: string;
  /** Where the provider reports a change of status (with the payment id only). */
  webhookUrl: string;
  /** Our transaction, for the provider's dashboard. */
  transactionId: number;
}

export interface CreatedPayment {
  id: string;
  checkoutUrl: string;
  /**
   * When an unpaid payment ends as `expired` by itself, if the provider tells no webhook of it (the test
   * checkout, D46): the credits service then asks for the status at that moment.
   */
  expiresAt?: Date;
}

export interface ProviderPayment {
  id: string;
  status: Exclude<PaymentStatus, 'quote'>;
  amountCents: Cents;
}

/** The provider could not be reached or refused the call (mapped to 502 paymentProviderError). */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';
}

/**
 * D45: production without MOLLIE_API_KEY and without PAYMENTS=test sells nothing. The credits service
 * refuses a purchase before writing anything (503 paymentsUnavailable); a webhook for a payment made
 * under an earlier provider answers 502, so the provider calls again once one is configured.
 */
export class NoPayments implements PaymentProvider {
  readonly kind = 'none';
  async createPayment(): Promise<CreatedPayment> {
    throw new PaymentProviderError('no payment provider is configured (D45)');
  }
  async getPayment(): Promise<ProviderPayment> {
    throw new PaymentProviderError('no payment provider is configured (D45)');
  }
}
