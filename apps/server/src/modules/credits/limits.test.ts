import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../../../test/helpers.ts';
import { buildTrajectory } from '../../../test/trajectory-fixture.ts';
import { loadConfig } from '../../config.ts';

/**
 * Abuse limits of paying (issue 20): the anonymous webhook per client address, purchases and quotes per
 * user and per client address. Each scenario runs an app of its own with low limits on the shared
 * database; client addresses are random, so other test files' calls never count here.
 */

const relaxed = testConfig().abuseLimits;
type Limits = Partial<typeof relaxed>;

async function withLimits(limits: Limits, test: (limited: TestApp) => Promise<void>) {
  const limited = await createTestApp({ abuseLimits: { ...relaxed, ...limits } });
  try {
    await test(limited);
  } finally {
    await limited.close();
  }
}

const randomIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

function expectRefused(res: LightMyRequestResponse, windowSeconds: number) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ status: 429, key: 'tooManyRequests' });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

function send(
  t: TestApp,
  options: { method: 'POST'; url: string; token?: string; ip: string; payload: object },
) {
  return t.app.inject({
    method: options.method,
    url: options.url,
    remoteAddress: options.ip,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    payload: options.payload,
  });
}

const buy = (t: TestApp, token: string, ip: string) =>
  send(t, { method: 'POST', url: '/api/credits', token, ip, payload: { amount: 10 } });
const quote = (t: TestApp, token: string, ip: string) =>
  send(t, { method: 'POST', url: '/api/credits/quotes', token, ip, payload: { amount: 20 } });
const webhook = (t: TestApp, id: string, ip: string) =>
  send(t, { method: 'POST', url: '/api/payments/webhook', ip, payload: { id } });

async function transactionsOf(t: TestApp, organisationId: number) {
  return t.ctx.db
    .selectFrom('credit_transactions')
    .select(['id', 'payment_status', 'payment_id'])
    .where('organisation_id', '=', organisationId)
    .orderBy('id')
    .execute();
}

async function balanceOf(t: TestApp, organisationId: number) {
  const row = await t.ctx.db
    .selectFrom('organisations')
    .select('balance_cents')
    .where('id', '=', organisationId)
    .executeTakeFirstOrThrow();
  return Number(row.balance_cents);
}

describe('the payment webhook, per client address', () => {
  it('by default a burst of 150 from one address, all at once: 120 answered, 30 refused', async () => {
    const defaults = loadConfig({ JWT_SECRET: 'x'.repeat(40) }).abuseLimits;
    expect(defaults.paymentWebhookPerClient).toEqual({ max: 120, windowSeconds: 60 });
    await withLimits({ paymentWebhookPerClient: defaults.paymentWebhookPerClient }, async (limited) => {
      const ip = randomIp();
      const answers = await Promise.all(
        Array.from({ length: 150 }, (_, i) => webhook(limited, `tr_burst${i}`, ip)),
      );
      const statuses = answers.map((res) => res.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(120);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30);
      expectRefused(answers.find((res) => res.statusCode === 429)!, 60);
      // Another address (Mollie's other servers, say) is answered as before.
      expect((await webhook(limited, 'tr_burst', randomIp())).statusCode).toBe(200);
    });
  });

  it('a refused call applies nothing; the retry from elsewhere, or later, books the payment once', () =>
    withLimits({ paymentWebhookPerClient: { max: 3, windowSeconds: 60 } }, async (limited) => {
      const s = await buildTrajectory(limited);
      const bought = await buy(limited, s.teacher.token, randomIp());
      expect(bought.statusCode, bought.body).toBe(200);
      const [open] = await transactionsOf(limited, s.org.id);
      // The payer paid at the provider; the webhook has not been told yet.
      await limited.ctx.db
        .updateTable('test_payments')
        .set({ status: 'paid' })
        .where('id', '=', open!.payment_id!)
        .execute();

      const prober = randomIp();
      for (let i = 0; i < 3; i++)
        expect((await webhook(limited, `tr_unknown${i}`, prober)).statusCode).toBe(200);
      expectRefused(await webhook(limited, open!.payment_id!, prober), 60);
      expect((await transactionsOf(limited, s.org.id))[0]!.payment_status).toBe('open');
      expect(await balanceOf(limited, s.org.id)).toBe(0);

      expect((await webhook(limited, open!.payment_id!, randomIp())).statusCode).toBe(200);
      expect((await transactionsOf(limited, s.org.id))[0]!.payment_status).toBe('paid');
      expect(await balanceOf(limited, s.org.id)).toBe(1000);
    }));

  it('the test checkout’s completion counts per address too, and a refused one ends nothing', () =>
    withLimits({ paymentWebhookPerClient: { max: 1, windowSeconds: 60 } }, async (limited) => {
      const s = await buildTrajectory(limited);
      const payer = randomIp();
      const payments: string[] = [];
      for (let i = 0; i < 2; i++) {
        const res = await buy(limited, s.teacher.token, payer);
        payments.push(/(tr_test_\w+)$/.exec(res.json().redirect)![1]!);
      }
      const complete = (id: string, ip: string) =>
        send(limited, { method: 'POST', url: `/api/payments/test/${id}`, ip, payload: { status: 'paid' } });
      expect((await complete(payments[0]!, payer)).statusCode).toBe(200);
      expectRefused(await complete(payments[1]!, payer), 60);
      const second = await limited.ctx.db
        .selectFrom('test_payments')
        .select('status')
        .where('id', '=', payments[1]!)
        .executeTakeFirstOrThrow();
      expect(second.status).toBe('open');
    }));
});

describe('purchases and quotes', () => {
  it('per user: past the limit 429 and no transaction; quotes count apart; another owner buys on', () =>
    withLimits({ purchasesPerUser: { max: 3, windowSeconds: 900 } }, async (limited) => {
      const s = await buildTrajectory(limited);
      const owner = s.teacher.token;
      // From a new address each time: the user is counted, wherever they are.
      for (let i = 0; i < 3; i++) expect((await buy(limited, owner, randomIp())).statusCode).toBe(200);
      expectRefused(await buy(limited, owner, randomIp()), 900);
      expect(await transactionsOf(limited, s.org.id)).toHaveLength(3);

      // Quotes have a counter of their own, of the same size.
      for (let i = 0; i < 3; i++) expect((await quote(limited, owner, randomIp())).statusCode).toBe(201);
      expectRefused(await quote(limited, owner, randomIp()), 900);
      const rows = await transactionsOf(limited, s.org.id);
      expect(rows).toHaveLength(6);

      // Accepting a quote starts a checkout: counted with purchases, so refused, and it stays a quote.
      const quoted = rows.find((row) => row.payment_status === 'quote')!;
      const accept = await send(limited, {
        method: 'POST',
        url: `/api/credits/transactions/${quoted.id}/accept`,
        token: owner,
        ip: randomIp(),
        payload: { amount: 20 },
      });
      expectRefused(accept, 900);
      const after = await transactionsOf(limited, s.org.id);
      expect(after.find((row) => row.id === quoted.id)).toMatchObject({
        payment_status: 'quote',
        payment_id: null,
      });
      const payments = await limited.ctx.db
        .selectFrom('test_payments')
        .select('id')
        .where(
          'id',
          'in',
          rows.map((row) => row.payment_id).filter((id) => id !== null),
        )
        .execute();
      expect(payments).toHaveLength(3);

      const other = await buildTrajectory(limited);
      expect((await buy(limited, other.teacher.token, randomIp())).statusCode).toBe(200);
    }));

  it('per client address: owners behind one address share it; elsewhere they buy on', () =>
    withLimits({ purchasesPerClient: { max: 2, windowSeconds: 900 } }, async (limited) => {
      const a = await buildTrajectory(limited);
      const b = await buildTrajectory(limited);
      const school = randomIp();
      expect((await buy(limited, a.teacher.token, school)).statusCode).toBe(200);
      expect((await quote(limited, a.teacher.token, school)).statusCode).toBe(201);
      expect((await buy(limited, b.teacher.token, school)).statusCode).toBe(200);
      expectRefused(await buy(limited, a.teacher.token, school), 900);
      expectRefused(await buy(limited, b.teacher.token, school), 900);
      expect(await transactionsOf(limited, a.org.id)).toHaveLength(2);
      expect(await transactionsOf(limited, b.org.id)).toHaveLength(1);
      expect((await buy(limited, b.teacher.token, randomIp())).statusCode).toBe(200);
    }));

  it('only an owner’s calls count: others are refused (403) before the counter', () =>
    withLimits({ purchasesPerClient: { max: 1, windowSeconds: 900 } }, async (limited) => {
      const s = await buildTrajectory(limited);
      const ip = randomIp();
      for (let i = 0; i < 3; i++) expect((await buy(limited, s.pupil.token, ip)).statusCode).toBe(403);
      expect((await buy(limited, s.teacher.token, ip)).statusCode).toBe(200);
    }));
});
