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
