import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zAccessClaims, zTokens } from '../contract/auth.ts';
import {
  isAdminRole,
  isEulaSigned,
  isFullyAuthenticated,
  isOwnerRole,
  isPrivateOrganisation,
  readAccessClaims,
  readTokens,
} from './principal.ts';

describe('principal (spec part 1 §3, part 2 §3)', () => {
  const claims = zAccessClaims.parse({
    user_id: 1,
    sub: 'a@x.nl',
    organisation_id: 7,
    user_role: 'OWNER',
    exp: 1000,
    eula: 'true',
  });
  it.each([
    [true, true],
    ['true', true],
    [false, false],
    ['false', false],
  ] as const)('eula %j means signed: %s', (eula, signed) => {
    expect(isEulaSigned({ eula })).toBe(signed);
  });
  it('organisation id 0 is the non-private organisation; any other is private', () => {
    expect(isPrivateOrganisation({ organisation_id: 0 })).toBe(false);
    expect(isPrivateOrganisation({ organisation_id: 7 })).toBe(true);
    expect(isPrivateOrganisation({ organisation_id: null })).toBe(false);
  });
  it('fully authenticated: token not expired, has an organisation, licence signed', () => {
    expect(isFullyAuthenticated(claims, 999)).toBe(true);
    expect(isFullyAuthenticated(claims, 1000)).toBe(false);
    expect(isFullyAuthenticated({ ...claims, organisation_id: null }, 0)).toBe(false);
    expect(isFullyAuthenticated({ ...claims, eula: false }, 0)).toBe(false);
  });
  it.each([
    ['OWNER', true, true],
    ['ADMIN', true, false],
    ['USER', false, false],
    [null, false, false],
  ] as const)('%s: admin %s, owner %s (owner implies admin)', (role, admin, owner) => {
    expect(isAdminRole(role)).toBe(admin);
    expect(isOwnerRole(role)).toBe(owner);
  });
});

describe('reading tokens and claims without zod accepts exactly what the contract accepts', () => {
  /** JSON values near the shape: each claim valid, of a wrong type, missing, or extra keys. */
  const almost = <T>(valid: fc.Arbitrary<T>) =>
    fc.oneof(
      { weight: 4, arbitrary: valid },
      { weight: 1, arbitrary: fc.jsonValue() },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
  const claimsLike = fc.record({
    user_id: almost(fc.oneof(fc.integer(), fc.constant(2 ** 53), fc.double())),
    sub: almost(fc.string()),
    organisation_id: almost(fc.oneof(fc.constant(null), fc.nat(), fc.constant(1.5))),
    user_role: almost(fc.constantFrom('USER', 'ADMIN', 'OWNER', 'owner', null)),
    exp: almost(fc.oneof(fc.integer(), fc.constant(Number.NaN), fc.constant('1000'))),
    eula: almost(fc.constantFrom(true, false, 'true', 'false', 'yes', 1, null)),
    extra: almost(fc.string()),
  });
  const tokensLike = fc.record({
    accessToken: almost(fc.string()),
    refreshToken: almost(fc.string()),
    extra: almost(fc.string()),
  });

  it('access-token claims', () => {
    fc.assert(
      fc.property(fc.oneof(claimsLike, fc.jsonValue()), (value) => {
        const parsed = zAccessClaims.safeParse(value);
        expect(readAccessClaims(value)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 2000 },
    );
  });

  it('stored token pairs', () => {
    fc.assert(
      fc.property(fc.oneof(tokensLike, fc.jsonValue()), (value) => {
        const parsed = zTokens.safeParse(value);
        expect(readTokens(value)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps only the known claims', () => {
    const claims = { user_id: 1, sub: 'a@x.nl', organisation_id: null, user_role: null, exp: 5, eula: false };
    expect(readAccessClaims({ ...claims, iat: 1, extra: 'x' })).toEqual(claims);
    expect(readAccessClaims([claims])).toBeNull();
    expect(readTokens({ accessToken: 'a', refreshToken: 'r', other: 1 })).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
    });
  });
});
