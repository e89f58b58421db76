import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { MolliePayments } from './mollie.ts';
import type { PaymentProvider } from './payments.ts';
import { TestCheckout } from './test-checkout.ts';

/** D22: Mollie when MOLLIE_API_KEY is set, else the built-in test checkout. */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  return config.mollieApiKey
    ? new MolliePayments({ apiKey: config.mollieApiKey })
    : new TestCheckout(db, config.publicUrl);
}
