import { createServer } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, PASSWORD, type TestApp, uniqueEmail } from '../../test/helpers.ts';
import { createMailer } from '../adapters/mail/mailer.ts';
import { actionMailJob } from './mail.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Undo quoted-printable soft breaks and escapes, enough to read links in a raw message. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe('mail through the job queue', () => {
  it('a failing SMTP server delays mail and never loses it: away, then refusing, then delivering once', async () => {
    const port = await freePort();
    const received: { to: string[]; raw: string }[] = [];
    let refusing = true;
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(_address, _session, callback) {
        if (refusing) {
          const busy = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
          callback(busy);
        } else callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'no-reply@groeipad.test',
      outboxDir: '/nonexistent',
      logger: pino({ level: 'silent' }),
    });
    const memory = t.ctx.mailer;
    t.ctx.mailer = mailer;
    try {
      const email = uniqueEmail('smtp');
      // 1. the SMTP server is away: the registration itself is done, its mail waits in the queue
      const res = await call(t, {
        method: 'POST',
        url: '/api/auth/register',
        payload: { email, password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const user = await t.ctx.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirst();
      expect(user?.activated_at).toBeNull();
      const [mailId] = t.ctx.jobs.tracked;
      expect(mailId).toBeDefined();
      const away = await t.ctx.jobs.status(mailId!);
      // (Under load the queue's backoff may already have allowed a second try at the closed port.)
      expect(away).toMatchObject({ name: actionMailJob.name, state: 'queued' });
      expect(away?.attempts).toBeGreaterThanOrEqual(1);
      expect(away?.lastError).toContain('ECONNREFUSED');

      // 2. it is back but refuses for now (451): still waiting, the answer recorded
      await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
      while (!(await t.ctx.jobs.status(mailId!))!.lastError?.includes('Mailbox busy')) {
        await new Promise((r) => setTimeout(r, 50));
        await t.ctx.jobs.drain();
      }
      const refused = await t.ctx.jobs.status(mailId!);
      expect(refused?.state).toBe('queued');
      expect(refused!.attempts).toBeGreaterThan(away!.attempts);
      expect(received).toHaveLength(0);

      // 3. it accepts again: the mail goes, once, and the link in it works
      refusing = false;
      await t.ctx.jobs.drain({ settle: true });
      expect(await t.ctx.jobs.status(mailId!)).toMatchObject({
        state: 'done',
        attempts: refused!.attempts + 1,
        lastError: null,
      });
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual([email]);
      const code = decodeQuotedPrintable(received[0]!.raw).match(/\/activate\?code=([\w-]+)/)?.[1];
      expect(code).toBeDefined();
      const activated = await call(t, { method: 'POST', url: '/api/auth/activate', payload: { code } });
      expect(activated.statusCode).toBe(200);
      // the link (and its code) does not stay in the queue
      const row = await t.ctx.db
        .selectFrom('jobs')
        .select('payload')
        .where('id', '=', mailId!)
        .executeTakeFirst();
      expect(row?.payload).toEqual({});
    } finally {
      t.ctx.mailer = memory;
      mailer.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
