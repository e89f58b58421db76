import { createHmac, randomUUID } from 'node:crypto';
import type {
  Language,
  LoginRequest,
  LoginResponse,
  OrganisationRole,
  RefreshRequest,
  RegisterRequest,
  Tokens,
} from '@groeipad/core';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/tables.ts';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { findMembershipRole, hasMembership } from '../organisations/index.ts';
import { findUserByEmail, findUserById, updateUser } from '../users/index.ts';
import { registrationJob, resetRequestJob } from './account-jobs.ts';
import { accessWaiting, accountActivated } from './activation.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { checkRateLimit, consumeRateLimit, type RequestOrigin } from './rate-limit.ts';
import {
  expireAuthCodes,
  findAuthCode,
  findRefreshToken,
  findRefreshTokenForUpdate,
  insertRefreshToken,
  markRefreshTokenRotated,
  pendingRegistrationPasswords,
  revokeRefreshFamily,
  revokeUserRefreshTokens,
  useAuthCode,
} from './repository.ts';
import { hashSecret, randomSecret } from './tokens.ts';
import { hasTwoFactor, twoFactorChallenge } from './two-factor.ts';

async function limitAddressAndClient(ctx: AppContext, action: string, email: string, origin: RequestOrigin) {
  await consumeRateLimit(ctx.db, `${action}:client:${origin.ip}`, ctx.config.rateLimit.perClient);
  await consumeRateLimit(ctx.db, `${action}:address:${email}`, ctx.config.rateLimit.perAddress);
}

/**
 * D52: whether `email` may make an account here (registering, or a first external sign-in). An invited
 * address — a users row not yet activated with access waiting: a member invitation, an open mentor link —
 * always may; otherwise REGISTRATION=closed refuses it, and REGISTRATION_DOMAINS admits only its domains.
 * An active account's address counts as a stranger's, so the answer tells nothing about accounts.
 */
export async function mayRegister(ctx: AppContext, db: Db, email: string): Promise<boolean> {
  const { open, domains } = ctx.config.registration;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (open && (domains.length === 0 || domains.includes(domain))) return true;
  const user = await findUserByEmail(db, email);
  return user !== undefined && !user.activated_at && (await accessWaitsFor(ctx, db, user));
}

/** D53: an invitation to an organisation or an open mentor link waits for the account. */
function accessWaitsFor(ctx: AppContext, db: Db, account: { id: number; email: string }): Promise<boolean> {
  return hasMembership(db, account.id).then((member) => member || accessWaiting(ctx, db, account));
}

/**
 * Registers an account and mails an activation link. The answer is the same, and comes as fast,
 * whether or not the address was known: after the rate limits both paths hash the password and queue
 * one job; everything that depends on the account happens in that job (`account-jobs.ts`).
 */
export async function registerUser(
  ctx: AppContext,
  request: RegisterRequest,
  origin: RequestOrigin,
): Promise<void> {
  await limitAddressAndClient(ctx, 'register', request.email, origin);
  if (!(await mayRegister(ctx, ctx.db, request.email))) throw forbidden('registrationClosed');
  const passwordHash = await hashPassword(request.password);
  await ctx.jobs.enqueue(ctx.db, registrationJob, {
    email: request.email,
    passwordHash,
    language: request.language ?? 'nl',
    requestedAt: new Date().toISOString(),
  });
}

/**
 * Activates an account with a mailed code. The password is the one `password` sets, else the one of the
 * code's own registration (D53: a later registration never replaced it). An account with access waiting —
 * an invitation to an organisation, a mentor link — is activated only with `password`: whoever registered
 * the address chose the registration's password, but only the holder of the mailbox has the code, so only
 * they decide the password of an account that gets roles. Without it: 409 `activationNeedsPassword`, and
 * nothing is used or granted. The other activation codes of the account end.
 */
export async function activateUser(ctx: AppContext, code: string, password?: string): Promise<void> {
  const codeHash = hashSecret(code);
  // A password is hashed (slow on purpose) only for a code that exists: a stranger's guesses cost a lookup.
  if (password !== undefined && (await findAuthCode(ctx.db, 'activation', codeHash)) === undefined)
    throw badRequest('activationFailed');
  const chosenHash = password === undefined ? undefined : await hashPassword(password);
  await ctx.db.transaction().execute(async (trx) => {
    const pending = await findAuthCode(trx, 'activation', codeHash);
    if (pending === undefined) throw badRequest('activationFailed');
    const account = await findUserById(trx, pending);
    if (!account || account.activated_at) throw badRequest('activationFailed');
    if (chosenHash === undefined && (await accessWaitsFor(ctx, trx, account)))
      throw conflict('activationNeedsPassword');
    const used = await useAuthCode(trx, 'activation', codeHash);
    if (used === undefined) throw badRequest('activationFailed');
    const passwordHash = chosenHash ?? used.passwordHash ?? account.password_hash;
    if (!passwordHash) throw conflict('activationNeedsPassword');
    await expireAuthCodes(trx, account.id, 'activation');
    const user = await updateUser(trx, account.id, { activated_at: new Date(), password_hash: passwordHash });
    await accountActivated(ctx, trx, user);
  });
}

/** Mails a reset link; like registration, the account lookup happens in a job after the answer. */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  language: Language | undefined,
  origin: RequestOrigin,
): Promise<void> {
  await limitAddressAndClient(ctx, 'reset', email, origin);
  await ctx.jobs.enqueue(ctx.db, resetRequestJob, { email, language: language ?? null });
}

/** Sets a new password from a reset code; every sign-in of the user ends. A reset also activates. */
export async function resetPassword(ctx: AppContext, code: string, password: string): Promise<void> {
  // As on activation: the slow hash only for a code that exists.
  if ((await findAuthCode(ctx.db, 'reset', hashSecret(code))) === undefined)
    throw badRequest('resetPasswordFailed');
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction().execute(async (trx) => {
    const userId = (await useAuthCode(trx, 'reset', hashSecret(code)))?.userId;
    if (userId === undefined) throw badRequest('resetPasswordFailed');
    const user = await findUserById(trx, userId);
    const updated = await updateUser(trx, userId, {
      password_hash: passwordHash,
      ...(user?.activated_at ? {} : { activated_at: new Date() }),
    });
    if (!user?.activated_at) await accountActivated(ctx, trx, updated);
    await expireAuthCodes(trx, userId, 'reset');
    await revokeUserRefreshTokens(trx, userId);
  });
}

/**
 * Issues a fresh access token and a refresh token in `family` (a new sign-in when omitted). A rotation
 * passes the `refreshToken` to issue: the successor derived from the token it replaces.
 */
export async function issueTokens(
  ctx: AppContext,
  db: Db,
  user: UserRow,
  organisation: { id: number; role: OrganisationRole } | null,
  family: string = randomUUID(),
  refreshToken: string = randomSecret(),
): Promise<Tokens> {
  await insertRefreshToken(db, {
    userId: user.id,
    family,
    tokenHash: hashSecret(refreshToken),
    organisationId: organisation?.id ?? null,
    expiresAt: new Date(Date.now() + ctx.config.refreshTokenSeconds * 1000),
  });
  return { accessToken: await signAccessToken(ctx, user, organisation), refreshToken };
}

function signAccessToken(
  ctx: AppContext,
  user: UserRow,
  organisation: { id: number; role: OrganisationRole } | null,
): Promise<string> {
  return ctx.tokens.sign({
    userId: user.id,
    email: user.email,
    organisationId: organisation?.id ?? null,
    role: organisation?.role ?? null,
    eula: user.eula_accepted_at !== null,
  });
}

/**
 * Signs in. Only failures count (OWASP): per (address, client) pair, so failures from elsewhere never
 * lock the owner out; per address from all clients, a higher ceiling against distributed guessing;
 * and per client. A successful sign-in counts against nothing, so a school's shared network address
 * is never blocked by its own users. A user with two-factor sign-in on gets a challenge instead of
 * tokens (`two-factor.ts`).
 */
export async function loginUser(
  ctx: AppContext,
  request: LoginRequest,
  origin: RequestOrigin,
): Promise<LoginResponse> {
  const limits = ctx.config.rateLimit;
  const counters = [
    { key: `login:pair:${request.email}:${origin.ip}`, limit: limits.perAddress },
    { key: `login:address:${request.email}`, limit: limits.addressCeiling },
    { key: `login:client:${origin.ip}`, limit: limits.perClient },
  ];
  for (const { key, limit } of counters) await checkRateLimit(ctx.db, key, limit);
  const user = await findUserByEmail(ctx.db, request.email);
  const valid =
    (await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), request.password)) &&
    user?.password_hash != null;
  // Not yet activated: the password is kept with a registration's code (D53); the right one is told so.
  const registered =
    !valid && user && !user.activated_at
      ? await someAsync(await pendingRegistrationPasswords(ctx.db, user.id), (hash) =>
          verifyPassword(hash, request.password),
        )
      : false;
  if (user && registered) throw forbidden('accountNotActivated');
  if (!user || !valid) {
    for (const { key, limit } of counters)
      await consumeRateLimit(ctx.db, key, limit).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
    throw unauthorized('invalidLogin');
  }
  if (!user.activated_at) throw forbidden('accountNotActivated');
  // D57: with two-factor sign-in on, the password earns a challenge; the code earns the tokens.
  if (await hasTwoFactor(ctx.db, user.id)) return twoFactorChallenge(ctx, user);
  return issueTokens(ctx, ctx.db, user, null);
}

async function someAsync<T>(items: T[], test: (item: T) => Promise<boolean>): Promise<boolean> {
  for (const item of items) if (await test(item)) return true;
  return false;
}

/**
 * Rotates a refresh token and issues tokens for the requested organisation (null: none).
 *
 * The successor of a token is derived from it (HMAC with the server secret), so the server can name
 * it again without storing it: a token presented again within `refreshGraceSeconds` of its rotation
 * (two requests racing, a retry after a lost answer, a second device) answers with that same
 * successor. Later, or once the successor itself moved on, it is being reused: that whole sign-in is
 * revoked.
 */
export async function refreshTokens(ctx: AppContext, request: RefreshRequest): Promise<Tokens> {
  const invalid = new AppError(401, 'invalidRefreshToken');
  const result = await ctx.db.transaction().execute(async (trx) => {
    const row = await findRefreshTokenForUpdate(trx, hashSecret(request.refreshToken));
    if (!row || row.revoked_at || row.expires_at.getTime() <= Date.now()) return { error: invalid };
    const user = await findUserById(trx, row.user_id);
    if (user?.email !== request.email) return { error: invalid };
    let organisation: { id: number; role: OrganisationRole } | null = null;
    if (request.organisationId !== null && request.organisationId !== undefined) {
      const role = await findMembershipRole(trx, request.organisationId, user.id);
      if (!role) return { error: notFound() };
      organisation = { id: request.organisationId, role };
    }
    const successor = successorOf(ctx, request.refreshToken);
    if (row.rotated_at) {
      const graceEnds = row.rotated_at.getTime() + ctx.config.refreshGraceSeconds * 1000;
      const next = Date.now() < graceEnds ? await findRefreshToken(trx, hashSecret(successor)) : undefined;
      if (
        next &&
        !next.rotated_at &&
        !next.revoked_at &&
        next.organisation_id === (organisation?.id ?? null)
      ) {
        return {
          tokens: { accessToken: await signAccessToken(ctx, user, organisation), refreshToken: successor },
        };
      }
      await revokeRefreshFamily(trx, row.family);
      return { error: invalid };
    }
    await markRefreshTokenRotated(trx, row.id);
    // D57: an owner's or admin's entry into an organisation is audited (not each rotation inside it).
    if (organisation && organisation.role !== 'USER' && row.organisation_id !== organisation.id)
      await recordAudit(trx, {
        organisationId: organisation.id,
        actorId: user.id,
        action: 'auth.signIn',
        subject: { kind: 'user', id: user.id },
        details: { role: organisation.role },
      });
    return { tokens: await issueTokens(ctx, trx, user, organisation, row.family, successor) };
  });
  // The revocation above must commit, so the error is thrown only after the transaction.
  if ('error' in result) throw result.error;
  return result.tokens;
}

/** The refresh token that replaces `token` on rotation. */
function successorOf(ctx: AppContext, token: string): string {
  return createHmac('sha256', ctx.config.jwtSecret).update(`refresh-successor\0${token}`).digest('base64url');
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
