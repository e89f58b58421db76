import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
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

/** D46: an open test payment expires after 15 minutes, as an abandoned checkout at Mollie does. */
export const TEST_PAYMENT_LIFETIME_MINUTES = 15;

/**
 * The built-in test checkout (D22, when MOLLIE_API_KEY is unset), like Mollie's test mode: a payment is
 * a row of `test_payments`, its checkout a page of our own web app (`/test-checkout/{id}`) where the
 * payer chooses paid, canceled, expired or failed. Like Mollie it then tells the webhook only that
 * something changed; the webhook asks `getPayment` for the status. The page is reached by the payment id
 * alone, signed in or not (D46); a payment left open for TEST_PAYMENT_LIFETIME_MINUTES is `expired` from
 * then on (written on the first read after that moment; `expiresAt` lets the credits service ask then).
 */
export class TestCheckout implements PaymentProvider {
  readonly kind = 'test';

  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  async createPayment(input: NewPayment): Promise<CreatedPayment> {
    const id = `tr_test_${randomBytes(12).toString('hex')}`;
    const row = await this.db
      .insertInto('test_payments')
      .values({
        id,
        amount_cents: input.amountCents,
        description: input.description,
        status: 'open',
        redirect_url: input.redirectUrl,
        webhook_url: input.webhookUrl,
      })
      .returning('created_at')
      .executeTakeFirstOrThrow();
    const expiresAt = new Date(row.created_at.getTime() + TEST_PAYMENT_LIFETIME_MINUTES * 60_000);
    return { id, checkoutUrl: `${this.publicUrl}/test-checkout/${id}`, expiresAt };
  }

  /**
   * An open payment older than its lifetime becomes `expired` (D46); true when this call ended it. Every
   * read and the payer's choice go through here first, so nobody meets an open payment past its time.
   */
  async expireIfDue(id: string): Promise<boolean> {
    const ended = await this.db
      .updateTable('test_payments')
      .set({ status: 'expired' })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .where('created_at', '<=', sql<Date>`now() - make_interval(mins => ${TEST_PAYMENT_LIFETIME_MINUTES})`)
      .returning('id')
      .executeTakeFirst();
    return ended !== undefined;
  }

  async getPayment(id: string): Promise<ProviderPayment> {
    await this.expireIfDue(id);
    const row = await this.find(id);
    if (!row) throw new PaymentProviderError(`no test payment ${id}`);
    return { id, status: row.status as ProviderPayment['status'], amountCents: Number(row.amount_cents) };
  }

  /** The payment as stored (call expireIfDue first to see it as it is now); undefined when there is none. */
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
    await this.expireIfDue(id);
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
