import type { Language } from '@groeipad/core';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/tables.ts';
import { enqueueActionMail } from '../../jobs/mail.ts';
import { defineJob } from '../../jobs/queue.ts';
import { findUserByEmail, insertUser } from '../users/index.ts';
import { expireAuthCodes, insertAuthCode } from './repository.ts';
import { hashSecret, randomSecret } from './tokens.ts';

/**
 * Account work that must not show in the answer (issue 6): registration and reset requests answer the
 * same, known address or not, and leave everything that depends on the account to these jobs. Each
 * writes its rows and queues its mail in the transaction that marks the job done (`job.finish`), so
 * they happen once; the mail itself is a job of its own (`jobs/mail.ts`).
 */
export const registrationJob = defineJob<{
  email: string;
  passwordHash: string;
  language: Language;
  /** When the registration was made (ISO): the activation mail says it (D53). */
  requestedAt?: string;
}>('account.registration', { maxAttempts: 10, redact: true });

export const resetRequestJob = defineJob<{ email: string; language: Language | null }>(
  'account.reset-request',
  { maxAttempts: 10, redact: true },
);

export function registerAccountJobs(ctx: AppContext): void {
  ctx.jobs.handle(registrationJob, (job) => job.finish((trx) => completeRegistration(ctx, trx, job.payload)));
  ctx.jobs.handle(resetRequestJob, (job) =>
    job.finish(async (trx) => {
      const user = await findUserByEmail(trx, job.payload.email);
      if (user) await issueCode(ctx, trx, user, 'reset', job.payload.language ?? user.language);
    }),
  );
}

/**
 * A known, activated address gets a notice; an unactivated one (new, invited, or registered before) an
 * activation link of its own. D53: the registration's password is kept with its code, never on the users
 * row, so a later registration replaces neither the password nor the code of an earlier one — whoever
 * holds the mailbox decides which mail to follow, and the mail says when its registration was made.
 */
async function completeRegistration(
  ctx: AppContext,
  trx: Db,
  request: { email: string; passwordHash: string; language: Language; requestedAt?: string },
): Promise<void> {
  const { language, passwordHash } = request;
  const existing = await findUserByEmail(trx, request.email);
  if (existing?.activated_at) {
    const link = `${ctx.config.publicUrl}/login`;
    await enqueueActionMail(ctx, trx, { kind: 'alreadyRegistered', to: existing.email, language, link });
    return;
  }
  const user =
    existing ??
    (await insertUser(trx, { email: request.email, passwordHash: null, language, activated: false }));
  const requestedAt = new Date(request.requestedAt ?? Date.now());
  const registeredAt = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'nl-NL', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: ctx.config.businessTimeZone,
  }).format(requestedAt);
  await issueCode(ctx, trx, user, 'activation', language, { passwordHash, values: { registeredAt } });
}

/**
 * A new activation or reset code and the mail with its link, in `trx`. A new reset code ends the earlier
 * ones; activation codes live side by side (each with its registration's password, D53) until one is used.
 */
async function issueCode(
  ctx: AppContext,
  trx: Db,
  user: UserRow,
  purpose: 'activation' | 'reset',
  language: Language,
  options: { passwordHash?: string; values?: Record<string, string> } = {},
): Promise<void> {
  const code = randomSecret();
  const lifetime = purpose === 'activation' ? ctx.config.activationCodeSeconds : ctx.config.resetCodeSeconds;
  if (purpose === 'reset') await expireAuthCodes(trx, user.id, purpose);
  await insertAuthCode(trx, {
    userId: user.id,
    purpose,
    codeHash: hashSecret(code),
    expiresAt: new Date(Date.now() + lifetime * 1000),
    ...(options.passwordHash ? { passwordHash: options.passwordHash } : {}),
  });
  const path = purpose === 'activation' ? 'activate' : 'reset-password';
  const link = `${ctx.config.publicUrl}/${path}?code=${encodeURIComponent(code)}`;
  await enqueueActionMail(ctx, trx, {
    kind: purpose,
    to: user.email,
    language,
    link,
    ...(options.values ? { values: options.values } : {}),
  });
}
