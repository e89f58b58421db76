import type { AccessClaims } from '@groeipad/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeClaims, nowSeconds } from './jwt';

const claims: AccessClaims = {
  user_id: 7,
  sub: 'jan@example.be',
  organisation_id: 12,
  user_role: 'ADMIN',
  exp: 2_000_000_000,
  eula: true,
};

function encode(value: unknown): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}

/** A token as the server signs it: header.payload.signature, each part base64url without padding. */
function token(payload: unknown): string {
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.c2lnbmF0dXJl`;
}

describe('decodeClaims reads the claims of a well-formed token', () => {
  it.each<[string, AccessClaims]>([
    ['a full sign-in', claims],
    [
      'a token before the licence and the organisation',
      { ...claims, organisation_id: null, user_role: null, eula: false },
    ],
    ['eula as the string "true"', { ...claims, eula: 'true' }],
    ['eula as the string "false"', { ...claims, eula: 'false' }],
    ['the public organisation 0', { ...claims, organisation_id: 0, user_role: 'USER' }],
  ])('%s', (_label, expected) => {
    expect(decodeClaims(token(expected))).toEqual(expected);
  });

  // Payload lengths 2, 3 and 0 mod 4 need two, one and no padding characters; the subjects with
  // ü, ÿ, ?, > and ~ make base64url use its own characters - and _ instead of + and /.
  it.each<[string, number, RegExp]>([
    ['ü?>~@x.be', 0, /-/],
    ['ü?>~a@x.be', 2, /-/],
    ['ü?>~ab@x.be', 3, /-/],
    ['ÿ~?@x.be', 3, /_/],
    ['ÿ~?a@x.be', 0, /_/],
    ['ÿ~?ab@x.be', 2, /_/],
  ])('UTF-8 subject %j (payload length %i mod 4, with %s)', (sub, remainder, alphabet) => {
    const payload = encode({ ...claims, sub });
    expect(payload.length % 4).toBe(remainder);
    expect(payload).toMatch(alphabet);
    expect(decodeClaims(`h.${payload}.s`)?.sub).toBe(sub);
  });

  it('ignores the header and the signature (the server verifies them)', () => {
    expect(decodeClaims(`.${encode(claims)}`)).toEqual(claims);
  });
});

describe('decodeClaims returns null for a malformed token', () => {
  it.each<[string, string]>([
    ['an empty string', ''],
    ['no dots', encode(claims)],
    ['an empty payload', 'header..signature'],
    ['a payload that is not base64', 'h.***.s'],
    ['a payload of impossible length', 'h.abcde.s'],
    ['a payload that is not JSON', `h.${encode('not json')}.s`],
    ['a JSON payload that is not an object', `h.${encode('42')}.s`],
    ['invalid UTF-8 that decodes to garbage JSON', `h.${Buffer.from([0xff, 0xfe]).toString('base64url')}.s`],
    ['a missing claim', token({ ...claims, exp: undefined })],
    ['a user id that is a string', token({ ...claims, user_id: '7' })],
    ['a fractional expiry', token({ ...claims, exp: 1.5 })],
    ['an unknown role', token({ ...claims, user_role: 'GUEST' })],
    ['an eula that is neither boolean nor "true"/"false"', token({ ...claims, eula: 'yes' })],
    ['a null payload', token(null)],
  ])('%s', (_label, value) => {
    expect(decodeClaims(value)).toBeNull();
  });
});

describe('nowSeconds', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['a whole second', '2030-01-01T00:00:00.000Z', 1_893_456_000],
    ['rounded down within the second', '2030-01-01T00:00:00.999Z', 1_893_456_000],
  ])('%s', (_label, iso, expected) => {
    vi.useFakeTimers({ now: new Date(iso) });
    expect(nowSeconds()).toBe(expected);
  });
});
