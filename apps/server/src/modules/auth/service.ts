import { randomUUID } from 'node:crypto';
import type {
  Language,
  LoginRequest,
  OrganisationRole,
  RefreshRequest,
  RegisterRequest,
  Tokens,
} from '@groeipad/core';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/tables.ts';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../errors.ts';
import { findMembershipRole } from '../organisations/repository.ts';
import { findUserByEmail, findUserById, insertUser, updateUser } from '../users/repository.ts';
import { accountMail } from './mails.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { checkRateLimit, consumeRateLimit } from './rate-limit.ts';
import {
  expireAuthCodes,
  findRefreshTokenForUpdate,
  insertAuthCode,
  insertRefreshToken,
  markRefreshTokenRotated,
  revokeRefreshFamily,
  revokeUserRefreshTokens,
  useAuthCode,
} from './repository.ts';
import { hashSecret, randomSecret } from './tokens.ts';

/** Who is asking: the client address, for the per-client rate limits. */
export interface RequestOrigin {
  ip: string;
}

async function limitAddressAndClient(ctx: AppContext, action: string, email: string, origin: RequestOrigin) {
  await consumeRateLimit(ctx.db, `${action}:client:${origin.ip}`, ctx.config.rateLimit.perClient);
  await consumeRateLimit(ctx.db, `${action}:address:${email}`, ctx.config.rateLimit.perAddress);
}

async function sendCode(
  ctx: AppContext,
  user: UserRow,
  purpose: 'activation' | 'reset',
  language: Language,
): Promise<void> {
  const code = randomSecret();
  const lifetime = purpose === 'activation' ? ctx.config.activationCodeSeconds : ctx.config.resetCodeSeconds;
  await ctx.db.transaction().execute(async (trx) => {
    await expireAuthCodes(trx, user.id, purpose);
    await insertAuthCode(trx, {
      userId: user.id,
      purpose,
      codeHash: hashSecret(code),
      expiresAt: new Date(Date.now() + lifetime * 1000),
    });
  });
  const path = purpose === 'activation' ? 'activate' : 'reset-password';
  const link = `${ctx.config.publicUrl}/${path}?code=${encodeURIComponent(code)}`;
  await ctx.mailer.send(accountMail(purpose, language, user.email, link));
}

/**
 * Registers an account and mails an activation link. The answer is the same whether or not the
 * address was known: a known, activated address gets a notice mail instead; an unactivated one a new link.
 */
export async function registerUser(
  ctx: AppContext,
  request: RegisterRequest,
  origin: RequestOrigin,
): Promise<void> {
  const language = request.language ?? 'nl';
  await limitAddressAndClient(ctx, 'register', request.email, origin);
  const passwordHash = await hashPassword(request.password);
  const existing = await findUserByEmail(ctx.db, request.email);
  if (existing?.activated_at) {
    await ctx.mailer.send(
      accountMail('alreadyRegistered', language, existing.email, `${ctx.config.publicUrl}/login`),
    );
    return;
  }
  const user = existing
    ? await updateUser(ctx.db, existing.id, { password_hash: passwordHash, language })
    : await insertUser(ctx.db, { email: request.email, passwordHash, language, activated: false });
  await sendCode(ctx, user, 'activation', language);
}

export async function activateUser(ctx: AppContext, code: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const userId = await useAuthCode(trx, 'activation', hashSecret(code));
    if (userId === undefined) throw badRequest('activationFailed');
    await updateUser(trx, userId, { activated_at: new Date() });
  });
}

export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  language: Language | undefined,
  origin: RequestOrigin,
): Promise<void> {
  await limitAddressAndClient(ctx, 'reset', email, origin);
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  await sendCode(ctx, user, 'reset', language ?? user.language);
}

/** Sets a new password from a reset code; every sign-in of the user ends. A reset also activates. */
export async function resetPassword(ctx: AppContext, code: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction().execute(async (trx) => {
    const userId = await useAuthCode(trx, 'reset', hashSecret(code));
    if (userId === undefined) throw badRequest('resetPasswordFailed');
    const user = await findUserById(trx, userId);
    await updateUser(trx, userId, {
      password_hash: passwordHash,
      ...(user?.activated_at ? {} : { activated_at: new Date() }),
    });
    await expireAuthCodes(trx, userId, 'reset');
    await revokeUserRefreshTokens(trx, userId);
  });
}

/** Issues a fresh access token and a refresh token in `family` (a new sign-in when omitted). */
export async function issueTokens(
  ctx: AppContext,
  db: Db,
  user: UserRow,
  organisation: { id: number; role: OrganisationRole } | null,
  family: string = randomUUID(),
): Promise<Tokens> {
  const refreshToken = randomSecret();
  await insertRefreshToken(db, {
    userId: user.id,
    family,
    tokenHash: hashSecret(refreshToken),
    organisationId: organisation?.id ?? null,
    expiresAt: new Date(Date.now() + ctx.config.refreshTokenSeconds * 1000),
  });
  const accessToken = await ctx.tokens.sign({
    userId: user.id,
    email: user.email,
    organisationId: organisation?.id ?? null,
    role: organisation?.role ?? null,
    eula: user.eula_accepted_at !== null,
  });
  return { accessToken, refreshToken };
}

export async function loginUser(
  ctx: AppContext,
  request: LoginRequest,
  origin: RequestOrigin,
): Promise<Tokens> {
  const addressKey = `login:address:${request.email}`;
  await consumeRateLimit(ctx.db, `login:client:${origin.ip}`, ctx.config.rateLimit.perClient);
  await checkRateLimit(ctx.db, addressKey, ctx.config.rateLimit.perAddress);
  const user = await findUserByEmail(ctx.db, request.email);
  const valid = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), request.password);
  if (!user?.password_hash || !valid) {
    // Only failures count against the address, so a user who signs in often is never locked out.
    await consumeRateLimit(ctx.db, addressKey, ctx.config.rateLimit.perAddress).catch(() => {});
    throw unauthorized('invalidLogin');
  }
  if (!user.activated_at) throw forbidden('accountNotActivated');
  return issueTokens(ctx, ctx.db, user, null);
}

/**
 * Rotates a refresh token and issues tokens for the requested organisation (null: none). A token
 * that was already rotated is being reused: that whole sign-in is revoked.
 */
export async function refreshTokens(ctx: AppContext, request: RefreshRequest): Promise<Tokens> {
  const invalid = new AppError(401, 'invalidRefreshToken');
  const result = await ctx.db.transaction().execute(async (trx) => {
    const row = await findRefreshTokenForUpdate(trx, hashSecret(request.refreshToken));
    if (!row || row.revoked_at || row.expires_at.getTime() <= Date.now()) return { error: invalid };
    if (row.rotated_at) {
      await revokeRefreshFamily(trx, row.family);
      return { error: invalid };
    }
    const user = await findUserById(trx, row.user_id);
    if (user?.email !== request.email) return { error: invalid };
    let organisation: { id: number; role: OrganisationRole } | null = null;
    if (request.organisationId !== null && request.organisationId !== undefined) {
      const role = await findMembershipRole(trx, request.organisationId, user.id);
      if (!role) return { error: notFound() };
      organisation = { id: request.organisationId, role };
    }
    await markRefreshTokenRotated(trx, row.id);
    return { tokens: await issueTokens(ctx, trx, user, organisation, row.family) };
  });
  // The revocation above must commit, so the error is thrown only after the transaction.
  if ('error' in result) throw result.error;
  return result.tokens;
}

export async function acceptEula(ctx: AppContext, userId: number): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  if (!user.eula_accepted_at) await updateUser(ctx.db, userId, { eula_accepted_at: new Date() });
}

export async function logoutSession(ctx: AppContext, refreshToken: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findRefreshTokenForUpdate(trx, hashSecret(refreshToken));
    if (row) await revokeRefreshFamily(trx, row.family);
  });
}

export async function logoutEverywhere(ctx: AppContext, userId: number): Promise<void> {
  await revokeUserRefreshTokens(ctx.db, userId);
}
