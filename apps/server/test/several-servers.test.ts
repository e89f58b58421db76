import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort, type OwnPostgres, startOwnPostgres } from './pg-server.ts';
import { type S3TestServer, startS3 } from './s3.ts';
import { demoToken, type Running, startServer, waitForPing } from './server-process.ts';
import { pngBytes } from './uploads.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** RATE_LIMIT_WEBHOOK_PER_MINUTE of both servers. */
const WEBHOOK_LIMIT = 4;

/** Reads `event: unread` messages of a notification stream as they come. */
function unreadEvents(body: ReadableStream<Uint8Array>) {
  const seen: number[] = [];
  let text = '';
  void (async () => {
    for await (const chunk of Readable.fromWeb(body as never)) {
      text += String(chunk);
      let end = text.indexOf('\n\n');
      while (end >= 0) {
        const message = text.slice(0, end);
        text = text.slice(end + 2);
        const data = /^event: unread\ndata: (.*)$/m.exec(message);
        if (data) seen.push(JSON.parse(data[1]!).unread as number);
        end = text.indexOf('\n\n');
      }
    }
  })().catch(() => undefined);
  return {
    /** Waits for an event whose count passes `test`, among those after the first `after` events. */
    async next(test: (unread: number) => boolean, after: number, timeoutMs: number): Promise<number> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = seen.slice(after).find(test);
        if (found !== undefined) return found;
        if (Date.now() > until) throw new Error(`no such unread event; seen ${JSON.stringify(seen)}`);
        await sleep(20);
      }
    },
    get count() {
      return seen.length;
    },
  };
}

/**
 * Issue 20: two app servers on one PostgreSQL and one S3 store, as a provider runs them behind a
 * balancer. A file uploaded on A is read on B; a PDF drawn by A's worker (B runs none: JOB_WORKER=0) is
 * downloaded from B; a save on A rings the bell of a stream held on B within a second; a payment webhook
 * on B credits what A started; the webhook's rate limit counts the calls to both servers together. Runs
 * in the PostgreSQL pass of `npm test`, on a database and a store the test starts itself.
 */
describe.runIf(inject('databaseUrl'))(
  'two app servers on one database and one store',
  { timeout: 240_000 },
  () => {
    let own: OwnPostgres | undefined;
    let s3: S3TestServer | undefined;
    const servers: Running[] = [];
    afterAll(async () => {
      for (const server of servers) server.child.kill('SIGTERM');
      await Promise.all(servers.map((server) => server.exited));
      own?.destroy();
      await s3?.close();
    });

    it('share files, extracts, notification streams and payments', async () => {
      own = await startOwnPostgres();
      s3 = await startS3();
      const shared = {
        DATABASE_URL: own.url,
        HOST: '127.0.0.1',
        JWT_SECRET: 'one-secret-for-every-app-server-of-this-installation',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: 'groeipad',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        // Behind a balancer: the client's address from X-Forwarded-For; a low webhook limit to reach.
        TRUST_PROXY: '1',
        RATE_LIMIT_WEBHOOK_PER_MINUTE: String(WEBHOOK_LIMIT),
      };
      const ports = [await freePort(), await freePort()];
      const [a, b] = ports.map((port) => `http://127.0.0.1:${port}`) as [string, string];
      // A first (it migrates and seeds the demo), then B on the same database.
      servers.push(
        startServer({
          ...shared,
          PORT: String(ports[0]),
          SEED_DEMO: '1',
          DATA_DIR: mkdtempSync(join(tmpdir(), 'gp-a-')),
        }),
      );
      await waitForPing(ports[0]!);
      // B answers requests only: every job (the extract's PDF, the notifications) is A's worker's.
      servers.push(
        startServer({
          ...shared,
          PORT: String(ports[1]),
          DATA_DIR: mkdtempSync(join(tmpdir(), 'gp-b-')),
          JOB_WORKER: '0',
        }),
      );
      await waitForPing(ports[1]!);
      expect(servers[0]!.output()).toContain('"jobWorker":true');
      expect(servers[1]!.output()).toContain('"jobWorker":false');

      const teacher = await demoToken(a, 'beheerder@demo.groeipad.nl');
      const auth = { authorization: `Bearer ${teacher}` };
      const json = { ...auth, 'content-type': 'application/json' };

      // A file uploaded on A, read on B.
      const resource = await (
        await fetch(`${a}/api/resources`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ name: 'foto.png', mediaType: 'image/png', userRights: [] }),
        })
      ).json();
      const form = new FormData();
      form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'foto.png');
      const upload = await fetch(`${a}/api/resources/${resource.id}/content`, {
        method: 'PUT',
        headers: auth,
        body: form,
      });
      expect(upload.status, await upload.text()).toBe(200);
      const onB = await fetch(`${b}/api/resources/${resource.id}/content`, { headers: auth });
      expect(onB.status).toBe(200);
      expect(Buffer.from(await onB.arrayBuffer())).toEqual(pngBytes());

      // An extract made through A, drawn by A's worker (the only one), downloaded from B.
      const trajectories = (await (await fetch(`${a}/api/v2/trajectories`, { headers: auth })).json()) as {
        id: number;
        name: string;
      }[];
      const sanne = trajectories.find((x) => x.name === 'BPV Sanne de Vries')!;
      const blueprints = (await (await fetch(`${a}/api/blueprints`, { headers: auth })).json()) as {
        id: number;
        type?: string;
      }[];
      const made = await fetch(`${a}/api/extracts`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          name: 'Voortgang',
          extract: blueprints.find((x) => x.type === 'EXTRACT')!.id,
          trajectories: [sanne.id],
        }),
      });
      expect(made.status, await made.clone().text()).toBe(202);
      const [extract] = await made.json();
      let state = '';
      for (let i = 0; i < 300 && state !== 'READY'; i++) {
        const listed = (await (await fetch(`${b}/api/extracts`, { headers: auth })).json()) as {
          id: number;
          state: string;
        }[];
        state = listed.find((row) => row.id === extract.id)!.state;
        if (state !== 'READY') await sleep(100);
      }
      expect(state).toBe('READY');
      const pdf = await fetch(`${b}/api/extracts/${extract.id}/content`, { headers: auth });
      expect(pdf.status).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');

      // The student's bell, a stream held on B; the teacher saves on A.
      const student = await demoToken(a, 'gebruiker@demo.groeipad.nl');
      const studentAuth = { authorization: `Bearer ${student}` };
      await fetch(`${b}/api/notifications`, {
        method: 'PUT',
        headers: { ...studentAuth, 'content-type': 'application/json' },
        body: '{"read":true}',
      });
      const hangUp = new AbortController();
      const stream = await fetch(`${b}/api/notifications/stream`, {
        headers: studentAuth,
        signal: hangUp.signal,
      });
      expect(stream.status).toBe(200);
      const events = unreadEvents(stream.body!);
      await events.next((n) => n === 0, 0, 5_000);
      const seenForm = await (
        await fetch(`${a}/api/v2/trajectories/${sanne.id}/form`, { headers: studentAuth })
      ).json();
      const field = (seenForm.fields as { uuid: string; type: string }[]).find((f) => f.type === 'text')!;
      const before = events.count;
      const saved = Date.now();
      const save = await fetch(`${a}/api/v2/trajectories/${sanne.id}/form`, {
        method: 'PATCH',
        headers: json,
        body: JSON.stringify([{ op: 'add', path: `/values/${field.uuid}`, value: 'Goed bezig' }]),
      });
      expect(save.status, await save.clone().text()).toBe(200);
      expect(await events.next((n) => n > 0, before, 5_000)).toBeGreaterThan(0);
      // The save's notification job runs on A at once (an enqueue wakes its worker), then NOTIFY reaches B:
      // 34–40 ms measured on a 2-core machine with other tests running (DEBUG_LATENCY=1 prints it).
      const rung = Date.now() - saved;
      if (process.env.DEBUG_LATENCY) console.log(`save on A → bell on B: ${rung} ms`);
      expect(rung).toBeLessThan(1_000);
      // Read on A: B's stream hears it through the database, not from a job it ran itself.
      const read = events.count;
      const readAt = Date.now();
      await fetch(`${a}/api/notifications`, {
        method: 'PUT',
        headers: { ...studentAuth, 'content-type': 'application/json' },
        body: '{"read":true}',
      });
      expect(await events.next((n) => n === 0, read, 5_000)).toBe(0);
      expect(Date.now() - readAt).toBeLessThan(1_000);
      hangUp.abort();

      // Credits bought on A (the test checkout), the provider's webhook reaching B.
      const owner = await demoToken(a, 'eigenaar@demo.groeipad.nl');
      const ownerJson = { authorization: `Bearer ${owner}`, 'content-type': 'application/json' };
      const organisation = (await (await fetch(`${a}/api/organisations`, { headers: ownerJson })).json())[0]
        .id;
      const balance = async () =>
        Number(
          await (
            await fetch(`${b}/api/organisations/${organisation}/credits`, { headers: ownerJson })
          ).text(),
        );
      const start = await balance();
      const bought = await fetch(`${a}/api/credits`, {
        method: 'POST',
        headers: ownerJson,
        body: JSON.stringify({ amount: 25, redirect: '/credits' }),
      });
      expect(bought.status, await bought.clone().text()).toBe(200);
      const paymentId = new URL((await bought.json()).redirect).pathname.split('/').pop()!;
      const db = new pg.Client(own.url);
      await db.connect();
      await db.query(`update test_payments set status = 'paid' where id = $1`, [paymentId]);
      await db.end();
      const hook = await fetch(`${b}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `id=${paymentId}`,
      });
      expect(hook.status).toBe(200);
      expect(await balance()).toBe(start + 25);

      // The webhook's limit per client address is one counter in the database: calls from one address
      // (a fresh one, through X-Forwarded-For), alternated between A and B, are refused past the limit
      // of both together, where counters of each process would let twice as many through.
      const prober = '203.0.113.7';
      const statuses: number[] = [];
      for (let i = 0; i < WEBHOOK_LIMIT + 2; i++) {
        const answer = await fetch(`${i % 2 === 0 ? a : b}/api/payments/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': prober },
          body: `id=tr_unknown${i}`,
        });
        statuses.push(answer.status);
        if (answer.status === 429) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(statuses).toEqual([...Array(WEBHOOK_LIMIT).fill(200), 429, 429]);
      // Another address is answered as before, on either server.
      const other = await fetch(`${b}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.8' },
        body: `id=${paymentId}`,
      });
      expect(other.status).toBe(200);

      // A refresh token rotated on A and presented again on B within the grace: the same successor.
      const signIn = await (
        await fetch(`${a}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'gebruiker@demo.groeipad.nl', password: 'Groeipad-demo1' }),
        })
      ).json();
      const refresh = (base: string) =>
        fetch(`${base}/api/auth/refresh`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'gebruiker@demo.groeipad.nl', refreshToken: signIn.refreshToken }),
        }).then((r) => r.json());
      const first = await refresh(a);
      const again = await refresh(b);
      expect(again.refreshToken).toBe(first.refreshToken);

      for (const server of servers) expect(server.child.exitCode).toBeNull();
    });
  },
);
