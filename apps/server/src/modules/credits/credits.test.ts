import { execFileSync } from 'node:child_process';
import { addMonths, businessToday, defaultAdminRole } from '@groeipad/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildOrganisation,
  buildUser,
  call,
  createTestApp,
  grantCredits,
  login,
  type TestApp,
  tokensFor,
} from '../../../test/helpers.ts';
import { buildTrajectory } from '../../../test/trajectory-fixture.ts';
import { loadConfig } from '../../config.ts';

/**
 * Credits, payments, quotes, invoices and extensions (issue 11; spec part 2 §2, §5, §6, §7; D12,
 * D22–D25), through HTTP on a real database, with the built-in test checkout as the payment provider.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const zone = () => t.ctx.config.businessTimeZone;
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();

/** An owner of a private organisation (with a trajectory they hold every right on), and its tokens. */
async function school() {
  const trajectory = await buildTrajectory(t);
  return { ...trajectory, owner: trajectory.teacher };
}

async function balanceOf(organisationId: number): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('organisations')
    .select('balance_cents')
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
  return Number(row.balance_cents);
}

async function ledgerOf(organisationId: number) {
  return t.ctx.db
    .selectFrom('credit_ledger')
    .select(['kind', 'amount_cents', 'balance_after_cents', 'credit_transaction_id'])
    .where('organisation_id', '=', organisationId)
    .orderBy('id')
    .execute();
}

async function ledgerSum(organisationId: number): Promise<number> {
  return (await ledgerOf(organisationId)).reduce((sum, entry) => sum + Number(entry.amount_cents), 0);
}

/** Buys `amount` credits and returns the test checkout's payment id and the redirect. */
async function checkout(token: string, amount: number, reference?: string) {
  const res = await call(t, {
    method: 'POST',
    url: '/api/credits',
    token,
    payload: { amount, reference, redirect: '/credits-success' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const redirect: string = res.json().redirect;
  const paymentId = /\/test-checkout\/(tr_test_\w+)$/.exec(redirect)?.[1];
  expect(paymentId, redirect).toBeDefined();
  return { paymentId: paymentId!, redirect };
}

async function pay(paymentId: string, status: 'paid' | 'canceled' | 'expired' | 'failed' = 'paid') {
  return call(t, { method: 'POST', url: `/api/payments/test/${paymentId}`, payload: { status } });
}

async function transactions(token: string) {
  const res = await call(t, { method: 'GET', url: '/api/credits/transactions', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('who may do what (spec part 2 §6; D23, D24)', () => {
  it('as a table of roles × calls, and organisation 0 has no credits', async () => {
    const { org, owner, id } = await school();
    await grantCredits(t, org.id, 100_000);
    const tokenFor = async (role: 'ADMIN' | 'USER') => {
      const user = await buildUser(t);
      await addMember(t, org.id, user.id, role);
      return (await tokensFor(t, user.email, org.id)).accessToken;
    };
    const tokens = { OWNER: owner.token, ADMIN: await tokenFor('ADMIN'), USER: await tokenFor('USER') };
    const order = { trajectories: [{ trajectoryId: id, months: 1 }] };
    const calls = [
      { name: 'prices', method: 'GET', url: '/api/prices' },
      { name: 'transactions', method: 'GET', url: '/api/credits/transactions' },
      { name: 'trajectory transactions', method: 'GET', url: '/api/credits/trajectories' },
      { name: 'quotes', method: 'GET', url: '/api/credits/quotes?status=open' },
      { name: 'buy', method: 'POST', url: '/api/credits', payload: { amount: 10 } },
      { name: 'quote', method: 'POST', url: '/api/credits/quotes', payload: { amount: 10 } },
      { name: 'price an order', method: 'POST', url: '/api/prices/calculations', payload: order },
    ] as const;
    // The ADMIN and USER are not in the trajectory's access: pricing it is 404 for them (not theirs).
    const expected: Record<string, Record<keyof typeof tokens, number>> = {
      prices: { OWNER: 200, ADMIN: 200, USER: 200 },
      transactions: { OWNER: 200, ADMIN: 200, USER: 403 },
      'trajectory transactions': { OWNER: 200, ADMIN: 200, USER: 403 },
      quotes: { OWNER: 200, ADMIN: 200, USER: 403 },
      buy: { OWNER: 200, ADMIN: 403, USER: 403 },
      quote: { OWNER: 201, ADMIN: 403, USER: 403 },
      'price an order': { OWNER: 200, ADMIN: 404, USER: 403 },
    };
    const table: Record<string, Record<string, number>> = {};
    for (const request of calls) {
      table[request.name] = {};
      for (const [role, token] of Object.entries(tokens)) {
        const res = await call(t, { ...request, token } as Parameters<typeof call>[1]);
        table[request.name]![role] = res.statusCode;
      }
    }
    expect(table).toEqual(expected);

    // Organisation 0 (not private): credits do not exist there.
    const provider = await buildUser(t);
    await addMember(t, 0, provider.id, 'OWNER');
    const zero = (await tokensFor(t, provider.email, 0)).accessToken;
    const refused = await call(t, {
      method: 'POST',
      url: '/api/credits',
      token: zero,
      payload: { amount: 10 },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().key).toBe('privateOrganisationRequired');
  });

  it('an amount outside 10–1000 or a redirect to another site is refused, and nothing is made', async () => {
    const { org, owner } = await school();
    for (const amount of [9, 1001, 10.5]) {
      const res = await call(t, {
        method: 'POST',
        url: '/api/credits',
        token: owner.token,
        payload: { amount },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ path: 'amount', key: 'range' }]);
    }
    const away = await call(t, {
      method: 'POST',
      url: '/api/credits',
      token: owner.token,
      payload: { amount: 10, redirect: 'https://phishing.example/thanks' },
    });
    expect(away.statusCode).toBe(400);
    expect(away.json().fields).toEqual([{ path: 'redirect', key: 'invalidValue' }]);
    expect((await transactions(owner.token)).total).toBe(0);
    expect(await balanceOf(org.id)).toBe(0);
  });
});

describe('buying credits at the test checkout (D22, D23, D25)', () => {
  it('a paid payment adds the credits once, with an invoice numbered per year', async () => {
    const { org, owner } = await school();
    const { paymentId, redirect } = await checkout(owner.token, 100, 'PO-2026-17');
    expect(redirect).toBe(`${t.ctx.config.publicUrl}/test-checkout/${paymentId}`);
    const shown = await call(t, { method: 'GET', url: `/api/payments/test/${paymentId}` });
    expect(shown.json()).toMatchObject({ id: paymentId, amount: 121, status: 'open' });
    expect((await transactions(owner.token)).content[0]).toMatchObject({
      credits: 100,
      price: 121,
      paymentStatus: 'open',
      invoiceId: null,
      reference: 'PO-2026-17',
      userEmail: owner.email,
    });
    expect(await balanceOf(org.id)).toBe(0);

    const paid = await pay(paymentId);
    expect(paid.statusCode, paid.body).toBe(200);
    const back = new URL(paid.json().redirect);
    expect(back.pathname).toBe('/credits-success');
    const [row] = (await transactions(owner.token)).content;
    expect(back.searchParams.get('transaction')).toBe(String(row.id));
    const year = businessToday(zone()).slice(0, 4);
    expect(row).toMatchObject({ paymentStatus: 'paid', credits: 100, price: 121 });
    expect(row.invoiceId).toMatch(new RegExp(`^${year}-\\d{6}$`));
    expect(await balanceOf(org.id)).toBe(10_000);
    expect(await ledgerSum(org.id)).toBe(10_000);

    // The invoice, with the VAT lines (D25), in the buyer's language.
    const invoice = await call(t, {
      method: 'GET',
      url: `/api/credits/transactions/${row.id}/invoice`,
      token: owner.token,
    });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    expect(invoice.headers['content-disposition']).toContain(`Factuur-${row.invoiceId}.pdf`);
    const text = pdfText(invoice.rawPayload);
    for (const words of [
      'Factuur',
      row.invoiceId,
      'PO-2026-17',
      '€ 100,00',
      'Btw 21%',
      '€ 21,00',
      '€ 121,00',
    ])
      expect(text).toContain(words);
    // A purchase begun at checkout has no quote.
    expect(
      (await call(t, { method: 'GET', url: `/api/credits/transactions/${row.id}/quote`, token: owner.token }))
        .statusCode,
    ).toBe(404);
  });

  it('invoice numbers follow one gapless sequence for the whole provider', async () => {
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { owner } = await school();
      const { paymentId } = await checkout(owner.token, 10);
      await pay(paymentId);
      const [row] = (await transactions(owner.token)).content;
      numbers.push(Number(row.invoiceId.slice(5)));
    }
    expect(numbers[1]! - numbers[0]!).toBe(1);
    expect(numbers[2]! - numbers[1]!).toBe(1);
  });

  it.each(['canceled', 'expired', 'failed'] as const)(
    'a %s payment adds nothing and keeps its status',
    async (status) => {
      const { org, owner } = await school();
      const { paymentId } = await checkout(owner.token, 50);
      expect((await pay(paymentId, status)).statusCode).toBe(200);
      const [row] = (await transactions(owner.token)).content;
      expect(row).toMatchObject({ paymentStatus: status, invoiceId: null });
      expect(await balanceOf(org.id)).toBe(0);
      // Ended: the checkout refuses another choice.
      const again = await pay(paymentId, 'paid');
      expect(again.statusCode).toBe(409);
      expect(again.json().key).toBe('paymentEnded');
    },
  );

  it('a paid webhook delivered 10 times, also at once, credits once; a final status never changes', async () => {
    const { org, owner } = await school();
    const { paymentId } = await checkout(owner.token, 40);
    // The payer pays at the provider; the webhook has not been told yet.
    await t.ctx.db.updateTable('test_payments').set({ status: 'paid' }).where('id', '=', paymentId).execute();
    const hook = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `id=${paymentId}`,
      });
    const first = await Promise.all(Array.from({ length: 5 }, hook));
    for (let i = 0; i < 5; i++) first.push(await hook());
    expect(first.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(await balanceOf(org.id)).toBe(4000);
    const entries = await ledgerOf(org.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'purchase' });

    // The provider now says failed (it would not): a paid transaction stays paid.
    await t.ctx.db
      .updateTable('test_payments')
      .set({ status: 'failed' })
      .where('id', '=', paymentId)
      .execute();
    expect((await hook()).statusCode).toBe(200);
    expect((await transactions(owner.token)).content[0].paymentStatus).toBe('paid');
    expect(await balanceOf(org.id)).toBe(4000);

    // The webhook trusts no caller: an id that is not ours is answered alike and changes nothing.
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: { id: 'tr_nietvanons' },
    });
    expect(unknown.statusCode).toBe(200);
  });

  it('the checkout is reached by the payment id alone, signed in or not (D46)', async () => {
    const { owner } = await school();
    const { paymentId } = await checkout(owner.token, 30);
    // No bearer at all, and a stranger's bearer: both see the payment and may end it.
    const stranger = await buildUser(t);
    const strangerToken = (await login(t, stranger.email)).accessToken;
    for (const token of [undefined, strangerToken]) {
      const shown = await call(t, { method: 'GET', url: `/api/payments/test/${paymentId}`, token });
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json()).toMatchObject({ id: paymentId, status: 'open', amount: 36.3 });
    }
    const paid = await pay(paymentId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await transactions(owner.token)).content[0].paymentStatus).toBe('paid');
    // An id that is not a payment: 404, signed in or not.
    const unknown = await call(t, { method: 'GET', url: `/api/payments/test/tr_test_${'0'.repeat(24)}` });
    expect(unknown.statusCode).toBe(404);
  });

  it('an open test payment expires after 15 minutes, and the transaction follows (D46)', async () => {
    const { org, owner } = await school();
    // created_at is never written by the code; the test moves it back in time directly.
    const age = (paymentId: string, minutes: number) =>
      sql`update test_payments set created_at = now() - make_interval(mins => ${minutes}) where id = ${paymentId}`.execute(
        t.ctx.db,
      );
    const checkJob = (paymentId: string) =>
      t.ctx.db
        .selectFrom('jobs')
        .select(['id', 'run_at', 'state'])
        .where('name', '=', 'credits.payment-check')
        .where(sql<boolean>`payload->>'paymentId' = ${paymentId}`)
        .executeTakeFirstOrThrow();

    // 14 minutes: still open, and still payable.
    const young = await checkout(owner.token, 20);
    const created = await t.ctx.db
      .selectFrom('test_payments')
      .select('created_at')
      .where('id', '=', young.paymentId)
      .executeTakeFirstOrThrow();
    // The check is planned for the moment it expires, not before.
    const planned = await checkJob(young.paymentId);
    expect(planned.state).toBe('queued');
    expect(planned.run_at.getTime() - created.created_at.getTime()).toBe(15 * 60_000);
    await age(young.paymentId, 14);
    expect(
      (await call(t, { method: 'GET', url: `/api/payments/test/${young.paymentId}` })).json().status,
    ).toBe('open');
    expect((await pay(young.paymentId)).statusCode).toBe(200);

    // Abandoned: nobody opens the page again; the planned check ends it when it is due.
    const abandoned = await checkout(owner.token, 25);
    await age(abandoned.paymentId, 15);
    await t.ctx.db
      .updateTable('jobs')
      .set({ run_at: sql<Date>`now()` })
      .where('id', '=', (await checkJob(abandoned.paymentId)).id)
      .execute();
    await t.ctx.jobs.drain();
    expect((await checkJob(abandoned.paymentId)).state).toBe('done');
    const rows = (await transactions(owner.token)).content;
    expect(rows.map((r: { paymentStatus: string }) => r.paymentStatus)).toEqual(['expired', 'paid']);

    // Opened again after 16 minutes (before the check ran): the page says expired, the transaction too,
    // and paying it now is refused as for any ended payment.
    const late = await checkout(owner.token, 30);
    await age(late.paymentId, 16);
    const shown = await call(t, { method: 'GET', url: `/api/payments/test/${late.paymentId}` });
    expect(shown.json()).toMatchObject({ status: 'expired' });
    expect((await transactions(owner.token)).content[0].paymentStatus).toBe('expired');
    const refused = await pay(late.paymentId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().key).toBe('paymentEnded');

    // Straight to paying after 15 minutes, without opening the page: refused, and the transaction follows.
    const direct = await checkout(owner.token, 35);
    await age(direct.paymentId, 15);
    expect((await pay(direct.paymentId)).statusCode).toBe(409);
    expect((await transactions(owner.token)).content[0].paymentStatus).toBe('expired');
    // Only the one paid in time added credits.
    expect(await balanceOf(org.id)).toBe(2000);
  });

  it('the ledger refuses to be rewritten', async () => {
    const { org } = await school();
    await grantCredits(t, org.id, 500);
    await expect(
      sql`update credit_ledger set amount_cents = 1 where organisation_id = ${org.id}`.execute(t.ctx.db),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`delete from credit_ledger where organisation_id = ${org.id}`.execute(t.ctx.db),
    ).rejects.toThrow(/append-only/);
    // And a balance below zero is impossible, whatever the code above it does.
    await expect(
      sql`update organisations set balance_cents = -1 where id = ${org.id}`.execute(t.ctx.db),
    ).rejects.toThrow();
  });
});

describe('in production, the test checkout only with PAYMENTS=test (D45)', () => {
  const production = (env: Record<string, string> = {}) =>
    loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://127.0.0.1:2525',
      ...env,
    });

  /** An app of its own with the payment provider the production configuration chose. */
  async function withPayments(env: Record<string, string>, test: (app: TestApp) => Promise<void>) {
    const config = production(env);
    const app = await createTestApp({ production: config.production, payments: config.payments });
    try {
      await test(app);
    } finally {
      await app.close();
    }
  }

  it('chooses Mollie with its key, the test checkout with PAYMENTS=test, else none', () => {
    expect(production()).toMatchObject({ production: true, payments: 'none' });
    expect(production({ PAYMENTS: 'test' }).payments).toBe('test');
    expect(production({ MOLLIE_API_KEY: `live_${'a'.repeat(30)}` }).payments).toBe('mollie');
    // Outside production the test checkout stands in for Mollie, as before.
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40) }).payments).toBe('test');
  });

  it('without MOLLIE_API_KEY and PAYMENTS=test, buying and accepting a quote answer 503 paymentsUnavailable and write nothing', () =>
    withPayments({}, async (app) => {
      expect(app.ctx.payments?.kind).toBe('none');
      const s = await buildTrajectory(app);
      const buy = await call(app, {
        method: 'POST',
        url: '/api/credits',
        token: s.teacher.token,
        payload: { amount: 100, redirect: '/credits' },
      });
      expect(buy.statusCode, buy.body).toBe(503);
      expect(buy.json()).toEqual({ status: 503, key: 'paymentsUnavailable' });
      // A quote is only a document: it is made, but accepting it (a checkout) is refused alike.
      const quoted = await call(app, {
        method: 'POST',
        url: '/api/credits/quotes',
        token: s.teacher.token,
        payload: { amount: 50 },
      });
      expect(quoted.statusCode, quoted.body).toBe(201);
      const [quote] = (
        await call(app, { method: 'GET', url: '/api/credits/quotes?status=open', token: s.teacher.token })
      ).json();
      const accept = await call(app, {
        method: 'POST',
        url: `/api/credits/transactions/${quote.id}/accept`,
        token: s.teacher.token,
        payload: { amount: 50 },
      });
      expect(accept.statusCode, accept.body).toBe(503);
      expect(accept.json()).toEqual({ status: 503, key: 'paymentsUnavailable' });

      // Nothing written: the quote alone, still a quote with no payment; no ledger entry, no balance, no
      // purchase counted against the owner.
      const rows = await app.ctx.db
        .selectFrom('credit_transactions')
        .select(['id', 'payment_status', 'payment_id'])
        .where('organisation_id', '=', s.org.id)
        .execute();
      expect(rows).toEqual([{ id: quote.id, payment_status: 'quote', payment_id: null }]);
      const ledger = await app.ctx.db
        .selectFrom('credit_ledger')
        .select('id')
        .where('organisation_id', '=', s.org.id)
        .execute();
      expect(ledger).toEqual([]);
      const counted = await app.ctx.db
        .selectFrom('rate_limits')
        .select('key')
        .where('key', '=', `purchase:user:${s.teacher.id}`)
        .execute();
      expect(counted).toEqual([]);
    }));

  it('with PAYMENTS=test the test checkout sells and the webhook credits', () =>
    withPayments({ PAYMENTS: 'test' }, async (app) => {
      expect(app.ctx.payments?.kind).toBe('test');
      const s = await buildTrajectory(app);
      const buy = await call(app, {
        method: 'POST',
        url: '/api/credits',
        token: s.teacher.token,
        payload: { amount: 10, redirect: '/credits' },
      });
      expect(buy.statusCode, buy.body).toBe(200);
      const paymentId = /\/test-checkout\/(tr_test_\w+)$/.exec(buy.json().redirect)?.[1];
      expect(paymentId).toBeDefined();
      // The purchase counter the refused case left alone counts this one.
      const counted = await app.ctx.db
        .selectFrom('rate_limits')
        .select('hits')
        .where('key', '=', `purchase:user:${s.teacher.id}`)
        .executeTakeFirst();
      expect(counted?.hits).toBe(1);
      const paid = await call(app, {
        method: 'POST',
        url: `/api/payments/test/${paymentId}`,
        payload: { status: 'paid' },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const organisation = await app.ctx.db
        .selectFrom('organisations')
        .select('balance_cents')
        .where('id', '=', s.org.id)
        .executeTakeFirstOrThrow();
      expect(Number(organisation.balance_cents)).toBe(1000);
    }));
});

describe('the discount (D23)', () => {
  it("the provider's staff set it; the owner reads it; the amounts are exact to the cent", async () => {
    const { org, owner } = await school();
    const staff = await buildUser(t);
    await addMember(t, 0, staff.id, 'ADMIN');
    const staffToken = (await tokensFor(t, staff.email, 0)).accessToken;
    // The owner of the organisation is no staff: not there for them.
    const own = await call(t, {
      method: 'PUT',
      url: `/api/organisations/${org.id}/discount`,
      token: owner.token,
      payload: { discount: 50 },
    });
    expect(own.statusCode).toBe(404);
    for (const discount of [-1, 100.5, 12.345]) {
      const bad = await call(t, {
        method: 'PUT',
        url: `/api/organisations/${org.id}/discount`,
        token: staffToken,
        payload: { discount },
      });
      expect(bad.statusCode, String(discount)).toBe(400);
    }
    const set = await call(t, {
      method: 'PUT',
      url: `/api/organisations/${org.id}/discount`,
      token: staffToken,
      payload: { discount: 12.5 },
    });
    expect(set.statusCode, set.body).toBe(204);
    const read = await call(t, {
      method: 'GET',
      url: `/api/organisations/${org.id}/discount`,
      token: owner.token,
    });
    expect(read.body).toBe('12.5');

    // 333 credits: discount 41.625 → 41.63, net 291.37, VAT 61.1877 → 61.19, total 352.56.
    await checkout(owner.token, 333);
    const row = await t.ctx.db
      .selectFrom('credit_transactions')
      .selectAll()
      .where('organisation_id', '=', org.id)
      .executeTakeFirstOrThrow();
    expect(
      [row.credits_cents, row.discount_cents, row.net_cents, row.vat_cents, row.price_cents].map(Number),
    ).toEqual([33_300, 4163, 29_137, 6119, 35_256]);
  });
});

describe('quotes (D25)', () => {
  it('a quote is listed with its PDF, accepted once for exactly its amount, and paid like a purchase', async () => {
    const { org, owner } = await school();
    const made = await call(t, {
      method: 'POST',
      url: '/api/credits/quotes',
      token: owner.token,
      payload: { amount: 250, reference: 'Offerte schooljaar' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toEqual({});
    const quotes = (
      await call(t, { method: 'GET', url: '/api/credits/quotes?status=open', token: owner.token })
    ).json();
    expect(quotes).toHaveLength(1);
    const [quote] = quotes;
    expect(quote).toMatchObject({ credits: 250, price: 302.5, reference: 'Offerte schooljaar' });
    expect(quote.quoteId).toMatch(/^Q\d{4}-\d{6}$/);
    const pdf = await call(t, {
      method: 'GET',
      url: `/api/credits/transactions/${quote.id}/quote`,
      token: owner.token,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain(quote.quoteId);
    expect((await transactions(owner.token)).content[0]).toMatchObject({ paymentStatus: 'quote' });

    const wrongAmount = await call(t, {
      method: 'POST',
      url: `/api/credits/transactions/${quote.id}/accept`,
      token: owner.token,
      payload: { amount: 200 },
    });
    expect(wrongAmount.statusCode).toBe(400);
    expect(wrongAmount.json().fields).toEqual([{ path: 'amount', key: 'invalidValue' }]);

    const accepts = await Promise.all(
      [1, 2].map(() =>
        call(t, {
          method: 'POST',
          url: `/api/credits/transactions/${quote.id}/accept`,
          token: owner.token,
          payload: { amount: 250, reference: 'Inkooporder 88', redirect: '/credits-success' },
        }),
      ),
    );
    expect(accepts.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const accepted = accepts.find((res) => res.statusCode === 200)!;
    expect(accepts.find((res) => res.statusCode === 409)!.json().key).toBe('quoteAccepted');
    const paymentId = /(tr_test_\w+)$/.exec(accepted.json().redirect)![1]!;
    expect((await call(t, { method: 'GET', url: `/api/payments/test/${paymentId}` })).json().amount).toBe(
      302.5,
    );
    expect((await call(t, { method: 'GET', url: '/api/credits/quotes', token: owner.token })).json()).toEqual(
      [],
    );

    await pay(paymentId);
    const [row] = (await transactions(owner.token)).content;
    expect(row).toMatchObject({ id: quote.id, paymentStatus: 'paid', reference: 'Inkooporder 88' });
    expect(row.quoteId).toBe(quote.quoteId);
    expect(row.invoiceId).not.toBeNull();
    expect(await balanceOf(org.id)).toBe(25_000);
  });
});

describe('the redirect stays in the application (issue 19)', () => {
  /** Addresses that start like a path of this app but that a browser resolves to another site. */
  const AWAY = [
    'https://phishing.example/thanks',
    '//evil.example/landing',
    '/\\evil.example/landing',
    '\\\\evil.example',
    '/\\/evil.example',
    'http://evil.example@localhost/x',
    'javascript:alert(1)',
  ];

  it('a purchase, a quote or an acceptance sending the payer elsewhere answers 400 and starts nothing', async () => {
    const { org, owner } = await school();
    const payments = async () => (await t.ctx.db.selectFrom('test_payments').select('id').execute()).length;
    const paymentsBefore = await payments();
    const quote = await call(t, {
      method: 'POST',
      url: '/api/credits/quotes',
      token: owner.token,
      payload: { amount: 20 },
    });
    expect(quote.statusCode).toBe(201);
    const [open] = (await call(t, { method: 'GET', url: '/api/credits/quotes', token: owner.token })).json();
    for (const redirect of AWAY)
      for (const [url, payload] of [
        ['/api/credits', { amount: 10, redirect }],
        ['/api/credits/quotes', { amount: 10, redirect }],
        [`/api/credits/transactions/${open.id}/accept`, { amount: 20, redirect }],
      ] as const) {
        const res = await call(t, { method: 'POST', url, token: owner.token, payload });
        expect(res.statusCode, `${url} ${redirect}`).toBe(400);
        expect(res.json().fields, `${url} ${redirect}`).toEqual([{ path: 'redirect', key: 'invalidValue' }]);
      }
    // Only the quote made above: no purchase, no second quote, the quote still open and unpaid.
    const { content } = await transactions(owner.token);
    expect(content).toHaveLength(1);
    expect(content[0]).toMatchObject({ id: open.id, paymentStatus: 'quote' });
    expect(await payments()).toBe(paymentsBefore);
    expect(await balanceOf(org.id)).toBe(0);
  });

  it('a path or an address of the application itself is kept', async () => {
    const { owner } = await school();
    for (const redirect of ['/credits-success', `${t.ctx.config.publicUrl}/credits-success?x=1`]) {
      const res = await call(t, {
        method: 'POST',
        url: '/api/credits',
        token: owner.token,
        payload: { amount: 10, redirect },
      });
      expect(res.statusCode, redirect).toBe(200);
    }
  });
});

describe('extending trajectories (D12, D24)', () => {
  it('deducts the credits and moves every activeUntil in one order; too few credits change nothing', async () => {
    const { org, owner, id, blueprintId } = await school();
    const today = businessToday(zone());
    // Two more trajectories: one expired (it starts again from today), one with a later end.
    const second = (
      await call(t, {
        method: 'POST',
        url: '/api/v2/trajectories',
        token: owner.token,
        payload: {
          blueprintId,
          name: 'BPV Noor',
          access: {
            roles: [defaultAdminRole()],
            users: [{ user: owner.email, roles: ['Admin'] }],
          },
        },
      })
    ).json().id as number;
    await t.ctx.db
      .updateTable('trajectories')
      .set({ active_until: '2020-01-31' })
      .where('id', '=', second)
      .execute();
    const later = addMonths(today, 2);
    await t.ctx.db.updateTable('trajectories').set({ active_until: later }).where('id', '=', id).execute();

    const order = {
      trajectories: [
        { trajectoryId: id, months: 12 },
        { trajectoryId: second, months: 1 },
      ],
    };
    const price = await call(t, {
      method: 'POST',
      url: '/api/prices/calculations',
      token: owner.token,
      payload: order,
    });
    expect(price.json()).toEqual({
      trajectories: [
        { trajectoryId: id, months: 12, credits: 45 },
        { trajectoryId: second, months: 1, credits: 5 },
      ],
      credits: 50,
    });

    await grantCredits(t, org.id, 4999);
    const short = await call(t, {
      method: 'POST',
      url: '/api/credits/trajectories',
      token: owner.token,
      payload: order,
    });
    expect(short.statusCode).toBe(409);
    expect(short.json().key).toBe('insufficientCredits');
    expect(await balanceOf(org.id)).toBe(4999);
    const untouched = await t.ctx.db
      .selectFrom('trajectories')
      .select(sql<string>`active_until::text`.as('until'))
      .where('id', '=', second)
      .executeTakeFirstOrThrow();
    expect(untouched.until).toBe('2020-01-31');

    await grantCredits(t, org.id, 1);
    const done = await call(t, {
      method: 'POST',
      url: '/api/credits/trajectories',
      token: owner.token,
      payload: order,
    });
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toEqual({
      trajectories: [
        { trajectoryId: id, months: 12, credits: 45, activeUntil: addMonths(later, 12) },
        { trajectoryId: second, months: 1, credits: 5, activeUntil: addMonths(today, 1) },
      ],
      credits: 50,
      balance: 0,
    });
    const header = (
      await call(t, { method: 'GET', url: `/api/v2/trajectories/${second}`, token: owner.token })
    ).json();
    expect(header).toMatchObject({ activeUntil: addMonths(today, 1), expired: false });
    const listed = (
      await call(t, { method: 'GET', url: '/api/credits/trajectories', token: owner.token })
    ).json();
    expect(listed.total).toBe(2);
    expect(listed.content.map((row: { trajectoryId: number }) => row.trajectoryId).sort()).toEqual(
      [id, second].sort(),
    );
    expect(listed.content.find((row: { trajectoryId: number }) => row.trajectoryId === second)).toMatchObject(
      {
        months: 1,
        credits: 5,
        previousActiveUntil: '2020-01-31',
        activeUntil: addMonths(today, 1),
        userEmail: owner.email,
        trajectoryName: 'BPV Noor',
      },
    );
    expect(await ledgerSum(org.id)).toBe(0);
  });

  it('refuses a month count no tier offers, a trajectory twice, one without PURCHASE and one of another organisation', async () => {
    const { org, owner, id, pupil } = await school();
    await grantCredits(t, org.id, 100_000);
    const order = (trajectories: unknown) => ({
      method: 'POST' as const,
      url: '/api/credits/trajectories',
      token: owner.token,
      payload: { trajectories },
    });
    const noTier = await call(t, order([{ trajectoryId: id, months: 2 }]));
    expect(noTier.statusCode).toBe(400);
    expect(noTier.json().fields).toEqual([{ path: 'trajectories.0.months', key: 'invalidValue' }]);
    expect(
      (
        await call(
          t,
          order([
            { trajectoryId: id, months: 1 },
            { trajectoryId: id, months: 1 },
          ]),
        )
      ).statusCode,
    ).toBe(400);
    const other = await school();
    expect((await call(t, order([{ trajectoryId: other.id, months: 1 }]))).statusCode).toBe(404);
    // The pupil (an organisation USER) may not extend at all; an ADMIN without PURCHASE on it is refused.
    const pupilTry = await call(t, { ...order([{ trajectoryId: id, months: 1 }]), token: pupil.token });
    expect(pupilTry.statusCode).toBe(403);
    const admin = await buildUser(t);
    await addMember(t, org.id, admin.id, 'ADMIN');
    const access = (
      await call(t, { method: 'GET', url: `/api/v2/trajectories/${id}/access`, token: owner.token })
    ).json();
    await call(t, {
      method: 'PUT',
      url: `/api/v2/trajectories/${id}/access`,
      token: owner.token,
      payload: { ...access, users: [...access.users, { user: admin.email, roles: ['Student'] }] },
    });
    const adminToken = (await tokensFor(t, admin.email, org.id)).accessToken;
    const noPurchase = await call(t, { ...order([{ trajectoryId: id, months: 1 }]), token: adminToken });
    expect(noPurchase.statusCode).toBe(403);
    expect(await balanceOf(org.id)).toBe(100_000);
    expect(
      await t.ctx.db
        .selectFrom('trajectory_transactions')
        .selectAll()
        .where('organisation_id', '=', org.id)
        .execute(),
    ).toEqual([]);
  });

  it('200 orders at once against a balance for 100: exactly 100 succeed, the balance never below zero', async () => {
    const { org, owner, id } = await school();
    // The first of next month: one month after another from a 29th–31st would end on the 28th after February.
    const start = `${addMonths(businessToday(zone()), 1).slice(0, 7)}-01`;
    await t.ctx.db.updateTable('trajectories').set({ active_until: start }).where('id', '=', id).execute();
    // 1 month costs 5 credits: 500 credits pay for 100 orders.
    await grantCredits(t, org.id, 50_000);
    const order = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/credits/trajectories',
        headers: { authorization: `Bearer ${owner.token}` },
        payload: { trajectories: [{ trajectoryId: id, months: 1 }] },
      });
    const answers = await Promise.all(Array.from({ length: 200 }, order));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(100);
    expect(statuses.filter((status) => status === 409)).toHaveLength(100);
    expect(
      answers
        .filter((res) => res.statusCode === 409)
        .every((res) => res.json().key === 'insufficientCredits'),
    ).toBe(true);
    expect(await balanceOf(org.id)).toBe(0);
    expect(await ledgerSum(org.id)).toBe(0);
    const entries = await ledgerOf(org.id);
    expect(entries.every((entry) => Number(entry.balance_after_cents) >= 0)).toBe(true);
    // Each order extended from where the one before left it: 100 months on.
    const row = await t.ctx.db
      .selectFrom('trajectories')
      .select(sql<string>`active_until::text`.as('until'))
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.until).toBe(addMonths(start, 100));
  });
});

describe('another organisation', () => {
  it('cannot read a transaction’s invoice (404)', async () => {
    const { owner } = await school();
    const { paymentId } = await checkout(owner.token, 10);
    await pay(paymentId);
    const [row] = (await transactions(owner.token)).content;
    const stranger = await buildUser(t);
    const org = await buildOrganisation(t, (await login(t, stranger.email)).accessToken);
    const token = (await tokensFor(t, stranger.email, org.id)).accessToken;
    const res = await call(t, { method: 'GET', url: `/api/credits/transactions/${row.id}/invoice`, token });
    expect(res.statusCode).toBe(404);
  });
});
