import { isValidEmail, normaliseEmail, type OAuthCodeQuery, type Tokens } from '@groeipad/core';
import { createSigner, createVerifier } from 'fast-jwt';
import type { ExternalProfile, OidcProvider } from '../../adapters/identity/oidc.ts';
import type { AppContext } from '../../context.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import { findUserByEmail, findUserById, insertUser, updateUser } from '../users/index.ts';
import { accountActivated } from './activation.ts';
import { findExternalIdentity, insertExternalIdentity } from './repository.ts';
import { issueTokens, mayRegister } from './service.ts';

const FLOW_SECONDS = 600;

export interface OAuthFlow {
  provider: string;
  state: string;
  codeVerifier: string;
  nonce: string;
}

function key(ctx: AppContext) {
  return `${ctx.config.jwtSecret}:oauth-flow`;
}

/** The state, PKCE verifier and nonce travel in a signed, short-lived cookie: no server-side session. */
export async function sealFlow(ctx: AppContext, flow: OAuthFlow): Promise<string> {
  const sign = createSigner({ key: key(ctx), algorithm: 'HS256', expiresIn: FLOW_SECONDS * 1000 });
  return sign({ ...flow });
}

export async function openFlow(ctx: AppContext, sealed: string | undefined): Promise<OAuthFlow | null> {
  if (!sealed) return null;
  try {
    const payload: unknown = createVerifier({ key: key(ctx), algorithms: ['HS256'] })(sealed);
    const { provider, state, codeVerifier, nonce } = payload as Record<string, unknown>;
    if ([provider, state, codeVerifier, nonce].some((v) => typeof v !== 'string')) return null;
    return payload as unknown as OAuthFlow;
  } catch {
    return null;
  }
}

export const FLOW_COOKIE_SECONDS = FLOW_SECONDS;

/**
 * Finishes an external sign-in: a known identity signs in its user; otherwise an account with the
 * same, verified address is linked; otherwise a new, activated account is created.
 */
export async function signInExternal(
  ctx: AppContext,
  provider: OidcProvider,
  flow: OAuthFlow | null,
  query: OAuthCodeQuery,
): Promise<Tokens> {
  if (!flow || flow.provider !== provider.settings.name) throw new AppError(400, 'oauthFailed');
  let profile: ExternalProfile;
  try {
    profile = await provider.finish(query, flow);
  } catch (error) {
    ctx.logger.warn({ err: error, provider: provider.settings.name }, 'external sign-in failed');
    throw new AppError(400, 'oauthFailed');
  }
  const name = provider.settings.name;
  return ctx.db.transaction().execute(async (trx) => {
    const knownUserId = await findExternalIdentity(trx, name, profile.subject);
    let user = knownUserId === undefined ? undefined : await findUserById(trx, knownUserId);
    if (!user) {
      if (!profile.email || !isValidEmail(profile.email)) throw new AppError(400, 'oauthFailed');
      const email = normaliseEmail(profile.email);
      const existing = await findUserByEmail(trx, email);
      if (existing && !profile.emailVerified) throw new AppError(400, 'oauthFailed');
      // D52: an account made (or first activated) here is a registration: the same rule applies.
      if (!existing?.activated_at && !(await mayRegister(ctx, trx, email)))
        throw forbidden('registrationClosed');
      user =
        existing ??
        (await updateUser(
          trx,
          (
            await insertUser(trx, { email, passwordHash: null, language: 'nl', activated: true })
          ).id,
          {
            first_name: profile.firstName ?? null,
            last_name: profile.lastName ?? null,
          },
        ));
      if (!user.activated_at) user = await updateUser(trx, user.id, { activated_at: new Date() });
      // A new account, or one waiting for registration: active now (an invited mentor keeps their role).
      if (!existing?.activated_at) await accountActivated(ctx, trx, user);
      await insertExternalIdentity(trx, name, profile.subject, user.id);
    }
    return issueTokens(ctx, trx, user, null);
  });
}

export function requireProvider(providers: Map<string, OidcProvider>, name: string): OidcProvider {
  const provider = providers.get(name);
  if (!provider) throw notFound();
  return provider;
}
