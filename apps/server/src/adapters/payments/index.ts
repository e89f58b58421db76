import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { MolliePayments } from './mollie.ts';
import { NoPayments, type PaymentProvider } from './payments.ts';
import { TestCheckout } from './test-checkout.ts';

/**
 * D22, D45: Mollie when MOLLIE_API_KEY is set; else the built-in test checkout, which production offers
 * only with PAYMENTS=test; else none (buying credits answers 503 paymentsUnavailable).
 */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  if (config.payments === 'mollie' && config.mollieApiKey)
    return new MolliePayments({ apiKey: config.mollieApiKey });
  if (config.payments === 'test') return new TestCheckout(db, config.publicUrl);
  return new NoPayments();
}
