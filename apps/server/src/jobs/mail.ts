import type { Language } from '@groeipad/core';
import { type ActionMailKind, actionMail } from '../adapters/mail/action-mail.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { serverTexts } from '../i18n/catalogue.ts';
import { defineJob } from './queue.ts';

/** One mail with a link to act on, rendered and sent by the worker in the recipient's language (D28). */
export interface ActionMailPayload {
  kind: ActionMailKind;
  to: string;
  language: Language;
  link: string;
  values?: Record<string, string>;
  /** Several links, each with its label (a mentor's class invitation, issue 31): listed instead of `link`'s button. */
  links?: { label: string; url: string }[];
}

/**
 * A mail is sent by a job: an SMTP server that refuses or is away delays it (retries after 10 s,
 * 20 s, … then every 15 minutes, about 4½ hours in all), never loses it; a mail that still could not go
 * stays `failed` with the server's answer. The payload holds the link (with its code): cleared once sent.
 * Sending is outside the database, so "once" holds up to a crash between the server's acceptance and
 * the job's completion: then the mail goes a second time, never zero times.
 */
export const actionMailJob = defineJob<ActionMailPayload>('mail.action', {
  maxAttempts: 25,
  leaseSeconds: 45,
  backoff: { baseMs: 10_000, maxMs: 15 * 60_000 },
  redact: true,
  concurrency: 2,
});

/** Queues a mail in `db` — the transaction of the change it tells about, so both commit or neither. */
export function enqueueActionMail(
  ctx: Pick<AppContext, 'jobs'>,
  db: Db,
  mail: ActionMailPayload,
): Promise<number> {
  return ctx.jobs.enqueue(db, actionMailJob, mail);
}

export function registerMailJobs(ctx: AppContext): void {
  const texts = serverTexts(ctx.config);
  ctx.jobs.handle(actionMailJob, async ({ payload, signal }) => {
    signal.throwIfAborted();
    await ctx.mailer.send(
      actionMail(
        texts,
        payload.kind,
        payload.language,
        payload.to,
        payload.link,
        payload.values ?? {},
        payload.links,
      ),
    );
  });
}
