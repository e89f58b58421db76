import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildTrajectory } from '../../../test/trajectory-fixture.ts';
import { MolliePayments } from './mollie.ts';

/**
 * The Mollie adapter (D22) against a loopback stand-in of the two Mollie endpoints it calls — create a
 * payment, get a payment — speaking Mollie's JSON. Mollie's client accepts https only, with its own
 * bundled certificate authorities: this test process (never the server) turns certificate checks off
 * for the stand-in's self-signed certificate.
 */
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

interface StandInPayment {
  id: string;
  status: string;
  amount: { value: string; currency: string };
  description: string;
  redirectUrl: string;
  webhookUrl: string;
  metadata: unknown;
}

const payments = new Map<string, StandInPayment>();
const seen: { method: string; url: string; authorization: string; idempotencyKey: string | undefined }[] = [];
/** Answers the next calls with this status first (the client retries 5xx answers). */
let failNext: number[] = [];
let server: Server;
let endpoint: string;
const API_KEY = 'test_standInKeyOfThirtyCharactersAbc';

function present(payment: StandInPayment) {
  return {
    resource: 'payment',
    mode: 'test',
    createdAt: new Date().toISOString(),
    ...payment,
    _links: {
      self: { href: `${endpoint}payments/${payment.id}`, type: 'application/hal+json' },
      checkout: { href: `https://www.mollie.test/checkout/${payment.id}`, type: 'text/html' },
    },
  };
}

async function body(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null;
}

beforeAll(async () => {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  server = createServer({ key: pems.private, cert: pems.cert }, async (request, response) => {
    seen.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: String(request.headers.authorization),
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
    });
    const send = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/hal+json' });
      response.end(JSON.stringify(json));
    };
    const failure = failNext.shift();
    if (failure) return send(failure, { status: failure, title: 'Service Unavailable', detail: 'try again' });
    if (request.headers.authorization !== `Bearer ${API_KEY}`)
      return send(401, { status: 401, title: 'Unauthorized Request', detail: 'Missing authentication' });
    if (request.method === 'POST' && request.url === '/v2/payments') {
      const input = (await body(request)) as Omit<StandInPayment, 'id' | 'status'>;
      const payment = { ...input, id: `tr_${randomBytes(5).toString('hex')}`, status: 'open' };
      payments.set(payment.id, payment);
      return send(201, present(payment));
    }
    const match = /^\/v2\/payments\/(tr_\w+)/.exec(request.url ?? '');
    const found = match ? payments.get(match[1]!) : undefined;
    if (request.method === 'GET' && found) return send(200, present(found));
    return send(404, { status: 404, title: 'Not Found', detail: 'No payment exists with token' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `https://127.0.0.1:${(server.address() as AddressInfo).port}/v2/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the Mollie adapter (D22)', () => {
  it('creates a payment in euros with its webhook and return address, and reads its status back', async () => {
    const mollie = new MolliePayments({ apiKey: API_KEY, apiEndpoint: endpoint });
    const created = await mollie.createPayment({
      amountCents: 12_100,
      description: 'Groeipad credits #7',
      redirectUrl: 'https://groeipad.test/credits-success?transaction=7',
      webhookUrl: 'https://groeipad.test/api/payments/webhook',
      transactionId: 7,
    });
    expect(created.checkoutUrl).toBe(`https://www.mollie.test/checkout/${created.id}`);
    expect(payments.get(created.id)).toMatchObject({
      amount: { value: '121.00', currency: 'EUR' },
      webhookUrl: 'https://groeipad.test/api/payments/webhook',
      redirectUrl: 'https://groeipad.test/credits-success?transaction=7',
      metadata: { transactionId: 7 },
    });
    // The client sends an idempotency key with every POST, so a retried create makes one payment.
    expect(seen.at(-1)?.idempotencyKey).toBeTruthy();
    payments.get(created.id)!.status = 'paid';
    expect(await mollie.getPayment(created.id)).toEqual({
      id: created.id,
      status: 'paid',
      amountCents: 12_100,
    });
  });

  it('retries an answer of 503, and reports a refusal as a provider error', async () => {
    const mollie = new MolliePayments({ apiKey: API_KEY, apiEndpoint: endpoint });
    failNext = [503];
    const created = await mollie.createPayment({
      amountCents: 1000,
      description: 'x',
      redirectUrl: 'https://groeipad.test/',
      webhookUrl: 'https://groeipad.test/api/payments/webhook',
      transactionId: 8,
    });
    expect(payments.has(created.id)).toBe(true);
    await expect(mollie.getPayment('tr_unknown1')).rejects.toThrow(/No payment exists/);
    const wrongKey = new MolliePayments({
      apiKey: 'test_aWrongKeyOfThirtyCharactersAb',
      apiEndpoint: endpoint,
    });
    await expect(wrongKey.getPayment(created.id)).rejects.toMatchObject({ name: 'PaymentProviderError' });
  });
});

describe('buying credits through Mollie', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.ctx.payments = new MolliePayments({ apiKey: API_KEY, apiEndpoint: endpoint });
  });
  afterAll(() => t.close());

  it('checkout goes to Mollie; the webhook fetches the status there and credits once', async () => {
    const { org, teacher } = await buildTrajectory(t);
    const bought = await call(t, {
      method: 'POST',
      url: '/api/credits',
      token: teacher.token,
      payload: { amount: 50, redirect: '/credits-success' },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const id = /checkout\/(tr_\w+)$/.exec(bought.json().redirect)![1]!;
    expect(payments.get(id)!.amount).toEqual({ value: '60.50', currency: 'EUR' });
    const hook = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `id=${id}`,
      });
    // Told before anything happened: still open, nothing booked.
    expect((await hook()).statusCode).toBe(200);
    const balance = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('organisations')
            .select('balance_cents')
            .where('id', '=', org.id)
            .executeTakeFirstOrThrow()
        ).balance_cents,
      );
    expect(await balance()).toBe(0);
    payments.get(id)!.status = 'paid';
    const answers = await Promise.all([hook(), hook(), hook()]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(await balance()).toBe(5000);

    // Mollie unreachable: 502, so Mollie calls again later; nothing changes meanwhile.
    failNext = [503, 503, 503, 503];
    const away = await hook();
    expect(away.statusCode).toBe(502);
    expect(away.json().key).toBe('paymentProviderError');
    failNext = [];
    expect(await balance()).toBe(5000);
  });
});
