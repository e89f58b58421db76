import type { AccessClaims, OrganisationRole, Tokens } from '../contract/auth.ts';

// The principal (spec part 1 §3) and its checks (spec part 2 §3), without zod: the web app reads
// its stored tokens with these on every start, so the sign-in page does not download a schema
// library. `readTokens` and `readAccessClaims` accept exactly what `zTokens` and `zAccessClaims`
// accept (a property test holds them to that).

const ROLES: readonly unknown[] = ['USER', 'ADMIN', 'OWNER'] satisfies OrganisationRole[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isInteger = (value: unknown): value is number => Number.isSafeInteger(value);

/** The stored token pair, or null when `value` is not one (`zTokens` without zod). */
export function readTokens(value: unknown): Tokens | null {
  if (!isRecord(value)) return null;
  const { accessToken, refreshToken } = value;
  if (typeof accessToken !== 'string' || typeof refreshToken !== 'string') return null;
  return { accessToken, refreshToken };
}

/** The claims of an access-token payload, or null when they are not (`zAccessClaims` without zod). */
export function readAccessClaims(value: unknown): AccessClaims | null {
  if (!isRecord(value)) return null;
  const { user_id, sub, organisation_id, user_role, exp, eula } = value;
  if (!isInteger(user_id) || typeof sub !== 'string' || !isInteger(exp)) return null;
  if (organisation_id !== null && !isInteger(organisation_id)) return null;
  if (user_role !== null && !ROLES.includes(user_role)) return null;
  if (typeof eula !== 'boolean' && eula !== 'true' && eula !== 'false') return null;
  return { user_id, sub, organisation_id, user_role: user_role as OrganisationRole | null, exp, eula };
}

/** Principal checks of spec part 2 §3. */
export function isEulaSigned(claims: Pick<AccessClaims, 'eula'>): boolean {
  return claims.eula === true || claims.eula === 'true';
}
export function isFullyAuthenticated(claims: AccessClaims, nowSeconds: number): boolean {
  return claims.exp > nowSeconds && claims.organisation_id !== null && isEulaSigned(claims);
}
export function isPrivateOrganisation(claims: Pick<AccessClaims, 'organisation_id'>): boolean {
  return claims.organisation_id !== null && claims.organisation_id !== 0;
}
export function isAdminRole(role: OrganisationRole | null): boolean {
  return role === 'ADMIN' || role === 'OWNER';
}
export function isOwnerRole(role: OrganisationRole | null): boolean {
  return role === 'OWNER';
}
