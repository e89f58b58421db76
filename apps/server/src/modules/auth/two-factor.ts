import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  RecoveryCodes,
  Tokens,
  TwoFactorChallenge,
  TwoFactorLoginRequest,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@groeipad/core';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/tables.ts';
import { AppError, badRequest, conflict, unauthorized } from '../../errors.ts';
import { findUserById } from '../users/index.ts';
import { checkRateLimit, consumeRateLimit, type RequestOrigin } from './rate-limit.ts';
import { hashSecret } from './tokens.ts';

/**
 * Two-factor sign-in (D57, issue 33): TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps) with `otpauth`,
 * one step either way accepted for clocks that drift; every code is used once (the last accepted step is
 * kept, and a code of that step or an earlier one is refused); ten recovery codes, each once.
 */
const PERIOD = 30;
const WINDOW = 1;
const RECOVERY_CODES = 10;
const CHALLENGE_SECONDS = 300;

/** The clock the codes are checked against; tests move it (an injectable `now`, in milliseconds). */
export const twoFactorClock = { now: (): number => Date.now() };

function totp(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: 'Groeipad',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** The time step `code` belongs to (within the window), or null. */
function stepOf(secret: string, code: string): number | null {
  const timestamp = twoFactorClock.now();
  const delta = totp(secret).validate({ token: code.replace(/\s/g, ''), timestamp, window: WINDOW });
  return delta === null ? null : Math.floor(timestamp / 1000 / PERIOD) + delta;
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten characters of 31 (~50 bits), shown as `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

async function findTwoFactor(db: Db, userId: number) {
  return db.selectFrom('user_two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Whether `userId` must give a second factor at sign-in. */
export async function hasTwoFactor(db: Db, userId: number): Promise<boolean> {
  return (await findTwoFactor(db, userId))?.enabled_at != null;
}

export async function twoFactorStatus(ctx: AppContext, userId: number): Promise<TwoFactorStatus> {
  const enabled = await hasTwoFactor(ctx.db, userId);
  const left = await ctx.db
    .selectFrom('user_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { enabled, recoveryCodesLeft: enabled ? Number(left.n) : 0 };
}

/** Starts an enrolment: a new secret, not yet in force. Replaces an unconfirmed one. */
export async function startTwoFactorSetup(ctx: AppContext, userId: number): Promise<TwoFactorSetup> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  if (await hasTwoFactor(ctx.db, userId)) throw conflict('twoFactorAlreadyEnabled');
  const secret = new Secret({ size: 20 }).base32;
  await ctx.db
    .insertInto('user_two_factor')
    .values({ user_id: userId, secret, enabled_at: null, last_step: null })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret, last_step: null })
        .where('user_two_factor.enabled_at', 'is', null),
    )
    .execute();
  return { uri: totp(secret, user.email).toString(), secret };
}

/** Failed codes count like failed passwords: per user and per client; a success counts nothing. */
function codeCounters(ctx: AppContext, userId: number, origin: RequestOrigin) {
  const limits = ctx.config.rateLimit;
  return [
    { key: `two-factor:user:${userId}`, limit: limits.perAddress },
    { key: `two-factor:client:${origin.ip}`, limit: limits.perClient },
  ];
}

async function withCodeLimits<T>(
  ctx: AppContext,
  userId: number,
  origin: RequestOrigin,
  attempt: () => Promise<T | undefined>,
): Promise<T> {
  const counters = codeCounters(ctx, userId, origin);
  for (const { key, limit } of counters) await checkRateLimit(ctx.db, key, limit);
  const result = await attempt();
  if (result !== undefined) return result;
  for (const { key, limit } of counters)
    await consumeRateLimit(ctx.db, key, limit).catch((error: unknown) => {
      if (!(error instanceof AppError)) throw error;
    });
  throw unauthorized('invalidTwoFactorCode');
}

/**
 * Uses an authenticator code: accepted once, for a step later than the last accepted one (one
 * conditional update, so two requests with the same code cannot both pass).
 */
async function useCode(db: Db, userId: number, secret: string, code: string): Promise<boolean> {
  const step = stepOf(secret, code);
  if (step === null) return false;
  const row = await db
    .updateTable('user_two_factor')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

async function useRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  const row = await db
    .updateTable('user_recovery_codes')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashSecret(normaliseRecoveryCode(code)))
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Turns two-factor sign-in on with a first code; answers the recovery codes, the only time they are shown. */
export async function confirmTwoFactor(
  ctx: AppContext,
  userId: number,
  code: string,
  origin: RequestOrigin,
): Promise<RecoveryCodes> {
  const row = await findTwoFactor(ctx.db, userId);
  if (!row) throw conflict('twoFactorNotEnabled');
  if (row.enabled_at) throw conflict('twoFactorAlreadyEnabled');
  return withCodeLimits(ctx, userId, origin, () =>
    ctx.db.transaction().execute(async (trx) => {
      if (!(await useCode(trx, userId, row.secret, code))) return undefined;
      const enabled = await trx
        .updateTable('user_two_factor')
        .set({ enabled_at: new Date() })
        .where('user_id', '=', userId)
        .where('enabled_at', 'is', null)
        .where('secret', '=', row.secret)
        .returning('user_id')
        .executeTakeFirst();
      if (!enabled) throw conflict('twoFactorAlreadyEnabled');
      const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
      await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
      await trx
        .insertInto('user_recovery_codes')
        .values(
          recoveryCodes.map((c) => ({ user_id: userId, code_hash: hashSecret(normaliseRecoveryCode(c)) })),
        )
        .execute();
      return { recoveryCodes };
    }),
  );
}

/** A current code or an unused recovery code of `userId`, used; false when neither is right. */
async function useSecondFactor(
  db: Db,
  userId: number,
  secret: string,
  proof: { code?: string | undefined; recoveryCode?: string | undefined },
): Promise<boolean> {
  if (proof.code !== undefined) return useCode(db, userId, secret, proof.code);
  if (proof.recoveryCode !== undefined) return useRecoveryCode(db, userId, proof.recoveryCode);
  return false;
}

/** Turns two-factor sign-in off: takes a current code or a recovery code. */
export async function disableTwoFactor(
  ctx: AppContext,
  userId: number,
  proof: { code?: string | undefined; recoveryCode?: string | undefined },
  origin: RequestOrigin,
): Promise<void> {
  if (proof.code === undefined && proof.recoveryCode === undefined) throw badRequest('invalidTwoFactorCode');
  const row = await findTwoFactor(ctx.db, userId);
  if (!row?.enabled_at) throw conflict('twoFactorNotEnabled');
  await withCodeLimits(ctx, userId, origin, () =>
    ctx.db.transaction().execute(async (trx) => {
      if (!(await useSecondFactor(trx, userId, row.secret, proof))) return undefined;
      await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
      await trx.deleteFrom('user_two_factor').where('user_id', '=', userId).execute();
      return true;
    }),
  );
}

/**
 * The challenge of a sign-in's first step: `<user id>.<expiry>.<HMAC>`, keyed apart from access tokens
 * (which are JWTs: a challenge is never one, and an access token is never a challenge).
 */
function challengeMac(ctx: AppContext, payload: string): string {
  return createHmac('sha256', ctx.config.jwtSecret)
    .update(`two-factor-challenge\0${payload}`)
    .digest('base64url');
}

export function twoFactorChallenge(ctx: AppContext, user: UserRow): TwoFactorChallenge {
  const payload = `${user.id}.${Math.floor(Date.now() / 1000) + CHALLENGE_SECONDS}`;
  return { twoFactor: 'required', challenge: `${payload}.${challengeMac(ctx, payload)}` };
}

/** The user a challenge is for; 401 when it is forged or expired. */
function challengeUser(ctx: AppContext, challenge: string): number {
  const match = /^(\d{1,12})\.(\d{1,12})\.([\w-]{43})$/.exec(challenge);
  if (!match) throw unauthorized('twoFactorChallengeExpired');
  const payload = `${match[1]}.${match[2]}`;
  const expected = Buffer.from(challengeMac(ctx, payload));
  const given = Buffer.from(match[3]!);
  if (!timingSafeEqual(expected, given)) throw unauthorized('twoFactorChallengeExpired');
  if (Number(match[2]) * 1000 <= Date.now()) throw unauthorized('twoFactorChallengeExpired');
  return Number(match[1]);
}

/** The second step of a sign-in: the challenge and a code (or a recovery code) for tokens. */
export async function loginTwoFactor(
  ctx: AppContext,
  request: TwoFactorLoginRequest,
  origin: RequestOrigin,
  issue: (user: UserRow) => Promise<Tokens>,
): Promise<Tokens> {
  const userId = challengeUser(ctx, request.challenge);
  if (request.code === undefined && request.recoveryCode === undefined)
    throw badRequest('invalidTwoFactorCode');
  const user = await findUserById(ctx.db, userId);
  const row = await findTwoFactor(ctx.db, userId);
  if (!user?.activated_at || !row?.enabled_at) throw unauthorized('twoFactorChallengeExpired');
  return withCodeLimits(ctx, userId, origin, async () =>
    (await useSecondFactor(ctx.db, userId, row.secret, request)) ? issue(user) : undefined,
  );
}
