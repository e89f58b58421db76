import { z } from 'zod';
import { zBodyId, zEmail, zNewPassword } from './common.ts';

/** Organisation roles (spec part 2 §1); OWNER implies ADMIN. */
export const ORGANISATION_ROLES = ['USER', 'ADMIN', 'OWNER'] as const;
export const zOrganisationRole = z.enum(ORGANISATION_ROLES);
export type OrganisationRole = z.infer<typeof zOrganisationRole>;

/** Interface languages (spec: Dutch default, English too). */
export const LANGUAGES = ['nl', 'en'] as const;
export const zLanguage = z.enum(LANGUAGES);
export type Language = z.infer<typeof zLanguage>;

/** `language` chooses the language of the mail the request sends (default nl). */
export const zRegisterRequest = z.object({
  email: zEmail,
  password: zNewPassword,
  language: zLanguage.optional(),
});
export type RegisterRequest = z.infer<typeof zRegisterRequest>;

/**
 * `password` is set by the activation itself. An account with access waiting (a mentor link, a member
 * invitation: D53) needs it — without it the answer is 409 `activationNeedsPassword` and the code stays
 * unused — so only the holder of the mailbox chooses the password of an account that gets roles.
 */
export const zActivateRequest = z.object({
  code: z.string().min(1, { error: 'required' }).max(200),
  password: zNewPassword.optional(),
});
export type ActivateRequest = z.infer<typeof zActivateRequest>;

export const zPasswordResetRequest = z.object({ email: zEmail, language: zLanguage.optional() });

export const zResetPasswordRequest = z.object({
  code: z.string().min(1, { error: 'required' }).max(200),
  password: zNewPassword,
});

export const zLoginRequest = z.object({
  email: zEmail,
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(1000, { error: 'tooLong' }),
});
export type LoginRequest = z.infer<typeof zLoginRequest>;

export const zRefreshRequest = z.object({
  email: zEmail,
  refreshToken: z.string().min(1, { error: 'required' }).max(200),
  /** The organisation to issue tokens for; null or absent keeps the session without organisation. */
  organisationId: zBodyId.nullish(),
});
export type RefreshRequest = z.infer<typeof zRefreshRequest>;

/** Stored tokens (spec part 1 §3). */
export const zTokens = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type Tokens = z.infer<typeof zTokens>;

/**
 * Two-factor sign-in (D57, issue 33): a user with TOTP turned on gets, for their password, not tokens but
 * a challenge: a signed token of a few minutes that only `POST /api/auth/login/two-factor` takes, with a
 * code of their authenticator app or one of their recovery codes. Users without it sign in as before.
 */
export const zTwoFactorChallenge = z.object({ twoFactor: z.literal('required'), challenge: z.string() });
export type TwoFactorChallenge = z.infer<typeof zTwoFactorChallenge>;
export const zLoginResponse = z.union([zTokens, zTwoFactorChallenge]);
export type LoginResponse = z.infer<typeof zLoginResponse>;

/** A six-digit authenticator code (RFC 6238: SHA-1, 30 s); spaces are allowed and dropped. */
export const zTotpCode = z
  .string({ error: 'required' })
  .max(20, { error: 'tooLong' })
  .regex(/^\s*\d{3}\s?\d{3}\s*$/, { error: 'invalidTwoFactorCode' });
/** A recovery code as handed out (`xxxxx-xxxxx`); case, spaces and dashes do not matter. */
export const zRecoveryCode = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  .max(40, { error: 'tooLong' });

/** The second step of a sign-in: the challenge and either a code or a recovery code. */
export const zTwoFactorLoginRequest = z.object({
  challenge: z.string({ error: 'required' }).min(1, { error: 'required' }).max(1000),
  code: zTotpCode.optional(),
  recoveryCode: zRecoveryCode.optional(),
});
export type TwoFactorLoginRequest = z.infer<typeof zTwoFactorLoginRequest>;

/** Whether the signed-in user has two-factor sign-in on, and how many recovery codes are left. */
export const zTwoFactorStatus = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() });
export type TwoFactorStatus = z.infer<typeof zTwoFactorStatus>;

/** An enrolment started: the secret for an authenticator app, as an `otpauth://` URI and in base32. */
export const zTwoFactorSetup = z.object({ uri: z.string(), secret: z.string() });
export type TwoFactorSetup = z.infer<typeof zTwoFactorSetup>;

export const zTwoFactorConfirmRequest = z.object({ code: zTotpCode });
export type TwoFactorConfirmRequest = z.infer<typeof zTwoFactorConfirmRequest>;

/** The recovery codes, shown once: the server keeps only their hashes. */
export const zRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof zRecoveryCodes>;

/** Turning two-factor sign-in off takes a current code or a recovery code. */
export const zTwoFactorDisableRequest = z.object({
  code: zTotpCode.optional(),
  recoveryCode: zRecoveryCode.optional(),
});
export type TwoFactorDisableRequest = z.infer<typeof zTwoFactorDisableRequest>;

/** The provider's callback query, passed on unchanged by the web app (iss: RFC 9207). */
export const zOAuthCodeQuery = z.object({
  code: z.string().min(1, { error: 'required' }).max(2000),
  state: z.string().max(2000).optional(),
  iss: z.string().max(2000).optional(),
});
export type OAuthCodeQuery = z.infer<typeof zOAuthCodeQuery>;

export const zOkBody = z.object({ ok: z.literal(true) });

/**
 * Claims of the access token, exactly those of spec part 1 §3 (Principal). `organisation_id` and
 * `user_role` are null until an organisation is chosen.
 */
export const zAccessClaims = z.object({
  user_id: z.number().int(),
  sub: z.string(),
  organisation_id: z.number().int().nullable(),
  user_role: zOrganisationRole.nullable(),
  exp: z.number().int(),
  eula: z.union([z.boolean(), z.literal('true'), z.literal('false')]),
});
export type AccessClaims = z.infer<typeof zAccessClaims>;

// The principal checks (isEulaSigned, isFullyAuthenticated, …) live in account/principal.ts, free of zod.
