import type { AccessClaims } from '@groeipad/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Session, type SessionStage, sessionStage, sessionStore } from './session-store';

const NOW = 1_900_000_000;

function session(claims: Partial<AccessClaims>): Session {
  return {
    tokens: { accessToken: 'access', refreshToken: 'refresh' },
    claims: {
      user_id: 1,
      sub: 'an@example.be',
      organisation_id: 4,
      user_role: 'USER',
      exp: NOW + 3600,
      eula: true,
      ...claims,
    },
  };
}

describe('sessionStage: where the sign-in stands (spec part 1 §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW * 1000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each<[string, Session | null, SessionStage]>([
    ['no token: the login form', null, 'anonymous'],
    [
      'a token without a signed licence: the licence',
      session({ eula: false, organisation_id: null, user_role: null }),
      'eula',
    ],
    ['licence "false" as a string: the licence', session({ eula: 'false', organisation_id: null }), 'eula'],
    [
      'licence not signed though an organisation is set: the licence',
      session({ eula: false, organisation_id: 4 }),
      'eula',
    ],
    [
      'a signed licence without an organisation: the picker',
      session({ eula: true, organisation_id: null, user_role: null }),
      'organisation',
    ],
    [
      'licence "true" as a string, no organisation: the picker',
      session({ eula: 'true', organisation_id: null }),
      'organisation',
    ],
    ['licence and organisation: fully authenticated', session({}), 'ready'],
    ['the public organisation 0 counts as chosen', session({ organisation_id: 0 }), 'ready'],
    ['one second of life left: still ready', session({ exp: NOW + 1 }), 'ready'],
    ['expiring this very second: expired', session({ exp: NOW }), 'expired'],
    ['an expired full sign-in: expired (restored by a refresh)', session({ exp: NOW - 60 }), 'expired'],
    [
      'an expired token before the licence: expired, not the licence',
      session({ exp: NOW - 60, eula: false, organisation_id: null }),
      'expired',
    ],
  ])('%s', (_label, value, expected) => {
    expect(sessionStage(value)).toBe(expected);
  });
});

describe('sessionStore outside a browser', () => {
  it('imports without storage and starts signed out', () => {
    expect(typeof localStorage).toBe('undefined');
    expect(sessionStore.get()).toBeNull();
    expect(sessionStage(sessionStore.get())).toBe('anonymous');
  });

  it('refuses tokens whose access token carries no claims', () => {
    expect(() => sessionStore.set({ accessToken: 'not-a-jwt', refreshToken: 'r' })).toThrow(
      'Invalid access token',
    );
    expect(sessionStore.get()).toBeNull();
  });
});
