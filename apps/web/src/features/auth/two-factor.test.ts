import { describe, expect, it } from 'vitest';
import {
  isCompleteTotpCode,
  isTwoFactorChallenge,
  normaliseRecoveryCode,
  normaliseTotpCode,
} from './two-factor';

describe('the answer to a password (D57)', () => {
  it('tells a challenge from tokens', () => {
    expect(isTwoFactorChallenge({ twoFactor: 'required', challenge: '7.1700000000.abc' })).toBe(true);
    expect(isTwoFactorChallenge({ accessToken: 'a.b.c', refreshToken: 'r' })).toBe(false);
  });

  it('takes an answer without a challenge for no challenge', () => {
    expect(isTwoFactorChallenge({ twoFactor: 'required', challenge: '' })).toBe(false);
    expect(isTwoFactorChallenge({ twoFactor: 'other', challenge: 'x' } as never)).toBe(false);
  });
});

describe('the code field', () => {
  it('keeps the digits of typed or pasted text, at most six', () => {
    expect(normaliseTotpCode('123 456')).toBe('123456');
    expect(normaliseTotpCode(' 12-34 56\n')).toBe('123456');
    expect(normaliseTotpCode('1234567')).toBe('123456');
    expect(normaliseTotpCode('abc')).toBe('');
  });

  it('is complete with six digits only', () => {
    expect(isCompleteTotpCode('123456')).toBe(true);
    expect(isCompleteTotpCode('12345')).toBe(false);
    expect(isCompleteTotpCode('12345a')).toBe(false);
    expect(isCompleteTotpCode('')).toBe(false);
  });

  it('sends a recovery code trimmed, otherwise as typed', () => {
    expect(normaliseRecoveryCode('  abcde-fghjk \n')).toBe('abcde-fghjk');
    expect(normaliseRecoveryCode('   ')).toBe('');
  });
});
