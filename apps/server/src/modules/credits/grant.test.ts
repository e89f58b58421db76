import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildOrganisation,
  buildUser,
  call,
  createTestApp,
  login,
  type TestApp,
  tokensFor,
} from '../../../test/helpers.ts';
import { CreditGrantError, grantCredits } from './grant.ts';

/**
 * D52: `npm run credits -- grant` (the command's function; test/ops-cli.test.ts runs the command itself). A
 * grant adds to the balance with a ledger entry of kind `grant` and shows in the organisation's
 * transactions, paid at price 0 with no invoice; a bad argument is refused with a sentence and writes
 * nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function school() {
  const owner = await buildUser(t);
  const org = await buildOrganisation(t, (await login(t, owner.email)).accessToken);
  const token = (await tokensFor(t, owner.email, org.id)).accessToken;
  return { org, token };
}

async function written(organisationId: number) {
  const ledger = await t.ctx.db
    .selectFrom('credit_ledger')
    .select(['kind', 'amount_cents', 'balance_after_cents', 'credit_transaction_id', 'note'])
    .where('organisation_id', '=', organisationId)
    .orderBy('id')
    .execute();
  const transactions = await t.ctx.db
    .selectFrom('credit_transactions')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .execute();
  const { balance_cents } = await t.ctx.db
    .selectFrom('organisations')
    .select('balance_cents')
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
  return { ledger, transactions: transactions.length, balance: Number(balance_cents) };
}

describe('credits grant (D52)', () => {
  it('adds to the balance and shows in the transactions as a grant without invoice', async () => {
    const { org, token } = await school();
    const first = await grantCredits(t.ctx.db, {
      organisation: String(org.id),
      amount: '250',
      reference: 'Bestelling 2026-17',
    });
    expect(first).toMatchObject({ organisationId: org.id, amountCents: 25_000, balanceCents: 25_000 });
    const second = await grantCredits(t.ctx.db, {
      organisation: ` ${org.id} `,
      amount: '12.5',
      reference: '  Correctie schooljaar  ',
    });
    expect(second.balanceCents).toBe(26_250);

    const { ledger, balance } = await written(org.id);
    expect(balance).toBe(26_250);
    expect(
      ledger.map((entry) => [entry.kind, Number(entry.amount_cents), Number(entry.balance_after_cents)]),
    ).toEqual([
      ['grant', 25_000, 25_000],
      ['grant', 1_250, 26_250],
    ]);
    expect(ledger[1]).toMatchObject({
      credit_transaction_id: second.transactionId,
      note: 'Correctie schooljaar',
    });

    const shown = await call(t, { method: 'GET', url: `/api/organisations/${org.id}`, token });
    expect(shown.json().credits).toBe(262.5);
    const listed = await call(t, { method: 'GET', url: '/api/credits/transactions', token });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().content).toEqual([
      expect.objectContaining({
        id: second.transactionId,
        kind: 'grant',
        credits: 12.5,
        price: 0,
        paymentStatus: 'paid',
        invoiceId: null,
        quoteId: null,
        userId: null,
        reference: 'Correctie schooljaar',
      }),
      expect.objectContaining({
        id: first.transactionId,
        kind: 'grant',
        credits: 250,
        reference: 'Bestelling 2026-17',
      }),
    ]);
    const invoice = await call(t, {
      method: 'GET',
      url: `/api/credits/transactions/${first.transactionId}/invoice`,
      token,
    });
    expect(invoice.statusCode).toBe(404);
  });

  it.each([
    [{ organisation: 'abc' }, /--organisation must be an organisation's number/],
    [{ organisation: '0' }, /Organisation 0/],
    [{ organisation: '999999999' }, /There is no organisation 999999999/],
    [{ amount: '0' }, /--amount must be more than 0/],
    [{ amount: '0.00' }, /--amount must be more than 0/],
    [{ amount: '-5' }, /--amount must be an amount in euros/],
    [{ amount: '12.345' }, /at most 2 decimals/],
    [{ amount: '12,50' }, /at most 2 decimals/],
    [{ amount: '' }, /--amount must be an amount in euros/],
    [{ amount: '1e3' }, /--amount must be an amount in euros/],
    [{ reference: '   ' }, /--reference must not be empty/],
    [{ reference: 'x'.repeat(256) }, /--reference must be at most 255 characters/],
  ])('refuses %o with a clear sentence and writes nothing', async (bad, message) => {
    const { org } = await school();
    const input = { organisation: String(org.id), amount: '100', reference: 'Bestelling', ...bad };
    const refused = grantCredits(t.ctx.db, input);
    await expect(refused).rejects.toThrow(CreditGrantError);
    await expect(refused).rejects.toThrow(message);
    expect(await written(org.id)).toEqual({ ledger: [], transactions: 0, balance: 0 });
  });

  it('takes a reference of exactly 255 characters', async () => {
    const { org } = await school();
    const granted = await grantCredits(t.ctx.db, {
      organisation: String(org.id),
      amount: '0.01',
      reference: 'r'.repeat(255),
    });
    expect(granted.balanceCents).toBe(1);
  });
});
