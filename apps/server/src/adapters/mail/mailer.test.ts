import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverTexts } from '../../i18n/catalogue.ts';
import { actionMail } from './action-mail.ts';
import { createMailer } from './mailer.ts';

const logger = pino({ level: 'silent' });
const texts = serverTexts({ webPublicDir: join(import.meta.dirname, '../../../../web/public') });

/** Undo quoted-printable soft breaks and escapes, enough to read links in a raw message. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe('SMTP transport', () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers an activation mail with its link to a real SMTP server', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'no-reply@groeipad.test',
      outboxDir: '/nonexistent',
      logger,
    });
    const link = 'http://localhost:3000/activate?code=abc_DEF-123';
    await mailer.send(actionMail(texts, 'activation', 'nl', 'anna@school.nl', link));
    mailer.close();
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.from).toBe('no-reply@groeipad.test');
    expect(mail.to).toEqual(['anna@school.nl']);
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain('Subject: Activeer je Groeipad-account');
    expect(body).toContain(link);
  });
});

describe('outbox transport', () => {
  it('writes an .eml file and a JSON sidecar with the links', async () => {
    const outbox = join(mkdtempSync(join(tmpdir(), 'groeipad-outbox-')), 'outbox');
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'no-reply@localhost',
      outboxDir: outbox,
      logger,
    });
    const link = 'http://localhost:3000/reset-password?code=xyz';
    await mailer.send(actionMail(texts, 'reset', 'en', 'bob@school.nl', link));
    const files = readdirSync(outbox).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/bob@school\.nl\.eml$/);
    const sidecar = JSON.parse(readFileSync(join(outbox, files[1]!), 'utf8'));
    expect(sidecar).toMatchObject({
      to: 'bob@school.nl',
      subject: 'Reset your Groeipad password',
      links: [link],
    });
    expect(decodeQuotedPrintable(readFileSync(join(outbox, files[0]!), 'utf8'))).toContain(link);
  });
});
