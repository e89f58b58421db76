import { z } from 'zod';
import {
  zActivateRequest,
  zLoginRequest,
  zLoginResponse,
  zOAuthCodeQuery,
  zOkBody,
  zPasswordResetRequest,
  zRecoveryCodes,
  zRefreshRequest,
  zRegisterRequest,
  zResetPasswordRequest,
  zTokens,
  zTwoFactorConfirmRequest,
  zTwoFactorDisableRequest,
  zTwoFactorLoginRequest,
  zTwoFactorSetup,
  zTwoFactorStatus,
} from '../contract/auth.ts';
import { defineEndpoint, zNoContent } from './define.ts';
import { FIRST_PAGE_ROUTES } from './first-page.ts';

/**
 * Accounts and sessions (spec part 1 §3, §4; part 2 §7 "Authentication"): registration, activation,
 * password reset, sign-in and refresh answer without a token; a rate limit answers 429.
 */

/** A sign-out names the refresh token of the session it ends. */
export const zLogoutParams = z.object({ refreshToken: z.string().min(1).max(200) });

/** An external sign-in provider, configured by OIDC_* variables. */
export const zOAuthProvider = z.object({ name: z.string(), label: z.string() });
export type OAuthProvider = z.infer<typeof zOAuthProvider>;
export const zOAuthProviderParams = z.object({ provider: z.string().min(1).max(64) });

export const authEndpoints = {
  register: defineEndpoint({
    method: 'POST',
    path: '/api/auth/register',
    secured: false,
    body: zRegisterRequest,
    response: zOkBody,
    status: 200,
    summary: 'Register a new account',
    description:
      'With REGISTRATION=closed (or REGISTRATION_DOMAINS) only invited addresses (and those of the domains) ' +
      'may register; any other answers 403 `registrationClosed` (D52).',
    errors: [403, 429],
  }),
  activate: defineEndpoint({
    method: 'POST',
    path: '/api/auth/activate',
    secured: false,
    body: zActivateRequest,
    response: zOkBody,
    status: 200,
    summary: 'Activate an account with the mailed code',
    description:
      'An account with access waiting (a mentor link, a member invitation) is activated only with `password`, ' +
      'which becomes its password (D53); without it the answer is 409 `activationNeedsPassword` and the code ' +
      'stays unused.',
    errors: [409, 429],
  }),
  requestPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/api/auth/request-password-reset',
    secured: false,
    body: zPasswordResetRequest,
    response: zOkBody,
    status: 200,
    summary: 'Mail a password reset link',
    errors: [429],
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    secured: false,
    body: zResetPasswordRequest,
    response: zOkBody,
    status: 200,
    summary: 'Set a new password with the mailed code',
    errors: [429],
  }),
  login: defineEndpoint({
    ...FIRST_PAGE_ROUTES.login,
    secured: false,
    body: zLoginRequest,
    response: zLoginResponse,
    status: 200,
    summary: 'Sign in with e-mail address and password',
    description:
      'A user with two-factor sign-in on gets `{ twoFactor: "required", challenge }` instead of tokens: the ' +
      'challenge, valid 5 minutes, goes to `POST /api/auth/login/two-factor` with a code (D57).',
    errors: [429],
  }),
  loginTwoFactor: defineEndpoint({
    ...FIRST_PAGE_ROUTES.loginTwoFactor,
    secured: false,
    body: zTwoFactorLoginRequest,
    response: zTokens,
    status: 200,
    summary: 'Finish a sign-in with an authenticator code or a recovery code',
    description:
      'Takes the challenge of the sign-in and either `code` (the authenticator app, one 30-second step either ' +
      'way accepted, each code once) or `recoveryCode` (each once). A wrong or reused code answers 401 ' +
      '`invalidTwoFactorCode` and counts like a wrong password; an expired challenge 401 ' +
      '`twoFactorChallengeExpired` (D57).',
    errors: [401, 429],
  }),
  twoFactorStatus: defineEndpoint({
    method: 'GET',
    path: '/api/auth/two-factor',
    response: zTwoFactorStatus,
    status: 200,
    summary: 'Whether two-factor sign-in is on for me',
  }),
  twoFactorSetup: defineEndpoint({
    method: 'POST',
    path: '/api/auth/two-factor/setup',
    body: z.object({}).optional(),
    response: zTwoFactorSetup,
    status: 200,
    summary: 'Start turning on two-factor sign-in: a new secret for an authenticator app',
    description:
      'The secret takes effect only once confirmed with a code; starting again replaces an unconfirmed one. ' +
      'With two-factor sign-in already on: 409 `twoFactorAlreadyEnabled` (D57).',
    errors: [409],
  }),
  twoFactorConfirm: defineEndpoint({
    method: 'POST',
    path: '/api/auth/two-factor/confirm',
    body: zTwoFactorConfirmRequest,
    response: zRecoveryCodes,
    status: 200,
    summary: 'Turn on two-factor sign-in with a first code; answers the recovery codes, once',
    errors: [400, 409, 429],
  }),
  twoFactorDisable: defineEndpoint({
    method: 'POST',
    path: '/api/auth/two-factor/disable',
    body: zTwoFactorDisableRequest,
    response: zOkBody,
    status: 200,
    summary: 'Turn off two-factor sign-in with a current code or a recovery code',
    errors: [400, 409, 429],
  }),
  refresh: defineEndpoint({
    ...FIRST_PAGE_ROUTES.refresh,
    secured: false,
    body: zRefreshRequest,
    response: zTokens,
    status: 200,
    summary: 'Refresh the tokens, for an organisation or none',
    errors: [429],
  }),
  acceptEula: defineEndpoint({
    method: 'POST',
    path: '/api/auth/eula',
    body: z.object({}).optional(),
    response: zOkBody,
    status: 200,
    summary: 'Accept the end-user licence agreement',
    errors: [429],
  }),
  logout: defineEndpoint({
    method: 'DELETE',
    path: '/api/auth/logout/:refreshToken',
    secured: false,
    params: zLogoutParams,
    response: zOkBody,
    status: 200,
    summary: 'Sign out of one session',
    errors: [429],
  }),
  logoutAll: defineEndpoint({
    method: 'DELETE',
    path: '/api/auth/logout-all',
    response: zOkBody,
    status: 200,
    summary: 'Sign out of every session',
    errors: [429],
  }),
  oauthProviders: defineEndpoint({
    ...FIRST_PAGE_ROUTES.oauthProviders,
    secured: false,
    response: z.array(zOAuthProvider),
    status: 200,
    summary: 'List the external sign-in providers',
  }),
  oauthLogin: defineEndpoint({
    ...FIRST_PAGE_ROUTES.oauthLogin,
    secured: false,
    params: zOAuthProviderParams,
    response: zNoContent,
    status: 302,
    summary: 'Start an external sign-in',
    errors: [503],
    description:
      'Starts an external sign-in: a 302 to the provider with the flow (PKCE, state, nonce) in a signed ' +
      '10-minute cookie; 503 serviceUnavailable when the provider cannot be reached.',
  }),
  oauthCode: defineEndpoint({
    method: 'GET',
    path: '/api/oauth2/:provider/code',
    secured: false,
    params: zOAuthProviderParams,
    query: zOAuthCodeQuery,
    response: zTokens,
    status: 200,
    summary: 'Finish an external sign-in for tokens',
    description:
      'Ends an external sign-in: the provider’s callback query, passed on by the web app, for tokens. A first ' +
      'sign-in that would make an account follows REGISTRATION / REGISTRATION_DOMAINS: 403 `registrationClosed` ' +
      'for an address that may not register itself (D52).',
    errors: [403],
  }),
};
