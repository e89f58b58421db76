import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import {
  type CreatedPayment,
  type NewPayment,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderPayment,
} from './payments.ts';

/** Ends a test payment may take (the payer's choice on the test checkout page). */
export type TestOutcome = 'paid' | 'canceled' | 'expired' | 'failed';

/**
 * The built-in test checkout (D22, when MOLLIE_API_KEY is unset), like Mollie's test mode: a payment is
 * a row of `test_payments`, its checkout a page of our own web app (`/test-checkout/{id}`) where the
 * payer chooses paid, canceled, expired or failed. Like Mollie it then tells the webhook only that
 * something changed; the webhook asks `getPayment` for the status.
 */
export class TestCheckout implements PaymentProvider {
  readonly kind = 'test';

  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  async createPayment(input: NewPayment): Promise<CreatedPayment> {
    const id = `tr_test_${randomBytes(12).toString('hex')}`;
    await this.db
      .insertInto('test_payments')
      .values({
        id,
        amount_cents: input.amountCents,
        description: input.description,
        status: 'open',
        redirect_url: input.redirectUrl,
        webhook_url: input.webhookUrl,
      })
      .execute();
    return { id, checkoutUrl: `${this.publicUrl}/test-checkout/${id}` };
  }

  async getPayment(id: string): Promise<ProviderPayment> {
    const row = await this.find(id);
    if (!row) throw new PaymentProviderError(`no test payment ${id}`);
    return { id, status: row.status as ProviderPayment['status'], amountCents: Number(row.amount_cents) };
  }

  /** The payment as the checkout page shows it; undefined when there is none. */
  find(id: string) {
    return this.db
      .selectFrom('test_payments')
      .select(['id', 'amount_cents', 'description', 'status', 'redirect_url', 'webhook_url'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * The payer's choice: an open payment ends as `outcome`; an ended one stays as it is (false). Returns
   * where the payer goes next.
   */
  async complete(
    id: string,
    outcome: TestOutcome,
  ): Promise<{ changed: boolean; redirectUrl: string } | null> {
    const updated = await this.db
      .updateTable('test_payments')
      .set({ status: outcome })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .returning('redirect_url')
      .executeTakeFirst();
    if (updated) return { changed: true, redirectUrl: updated.redirect_url };
    const row = await this.find(id);
    return row ? { changed: false, redirectUrl: row.redirect_url } : null;
  }
}
