import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const LINK = /https?:\/\/[^\s"'<>]+/g;

/** Sends through SMTP_URL when set; otherwise writes `.eml` files (and a JSON sidecar) to the outbox. */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  const { smtpUrl } = options;
  // nodemailer is loaded with the first mail, not at start-up: its modules cost the process ~20 MiB
  // (bench/README.md, "Server memory").
  let transport: Promise<Transporter> | undefined;
  let opened: Transporter | undefined;
  const transporter = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => {
      opened = smtpUrl
        ? nodemailer.createTransport(smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      return opened;
    }));
  if (smtpUrl) {
    return {
      async send(message) {
        const info = await (await transporter()).sendMail({ from: options.from, ...message });
        // Never the subject or the text: a subject may hold a code ("Je Groeipad-code: 123456"), the
        // text links with secrets (D52: no production log line holds one).
        options.logger.info({ to: message.to, messageId: info.messageId }, 'mail sent');
      },
      close: () => opened?.close(),
    };
  }
  let sequence = 0;
  return {
    async send(message) {
      const info = await (await transporter()).sendMail({ from: options.from, ...message });
      mkdirSync(options.outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const name = `${Date.now()}-${String(++sequence).padStart(4, '0')}-${safeTo}`;
      writeFileSync(join(options.outboxDir, `${name}.eml`), info.message as Buffer);
      const links = [...new Set(message.text.match(LINK) ?? [])];
      // Written whole, then named: whoever reads the outbox (a test waiting for a link) never meets half a file.
      const sidecar = join(options.outboxDir, `${name}.json`);
      writeFileSync(`${sidecar}.partial`, JSON.stringify({ ...message, links }, null, 2));
      renameSync(`${sidecar}.partial`, sidecar);
      options.logger.info({ to: message.to, subject: message.subject, links }, 'mail written to outbox');
    },
    close: () => {},
  };
}
