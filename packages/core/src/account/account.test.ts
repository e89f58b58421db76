import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, isCountryCode } from './countries.ts';
import { emailListProblem, isValidEmail, normaliseEmail } from './email.ts';
import { isStrongPassword, passwordClasses, repeatPasswordProblem } from './password.ts';

describe('e-mail must match a standard address pattern (spec part 1 §5)', () => {
  it.each([
    ['a@x.nl', true],
    ['first.last+tag@school.example.com', true],
    ['  padded@x.nl  ', true],
    ['UPPER@X.NL', true],
    ['', false],
    ['plain', false],
    ['a@b', false],
    ['a@@x.nl', false],
    ['a b@x.nl', false],
    ['.a@x.nl', false],
    ['a..b@x.nl', false],
    ['a@-x.nl', false],
    [`${'x'.repeat(65)}@x.nl`, false],
    [`a@${'x'.repeat(250)}.nl`, false],
  ])('%j → %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });
  it('user entries are trimmed and lower-cased', () => {
    expect(normaliseEmail('  A@X.nl ')).toBe('a@x.nl');
  });
});

describe('a new e-mail in a list: valid and not already in the list', () => {
  it.each([
    ['b@x.nl', ['a@x.nl'], null],
    [' A@X.NL ', ['a@x.nl'], 'duplicate'],
    ['nope', [], 'invalidEmail'],
  ] as const)('%j in %j → %s', (email, list, problem) => {
    expect(emailListProblem(email, list)).toBe(problem);
  });
});

describe('password: at least 8 characters and at least 2 of 5 character classes (spec part 1 §5)', () => {
  it.each([
    ['abcdefgh', false, 'one class (lower case) is not enough'],
    ['ABCDEFGH', false, 'one class (upper case) is not enough'],
    ['12345678', false, 'one class (digit) is not enough'],
    ['Abcdefg', false, 'seven characters are too few'],
    ['Abcdefgh', true, 'upper and lower case'],
    ['abcdefg1', true, 'lower case and a digit'],
    ['abcdefg!', true, 'lower case and a symbol from the fixed set'],
    ['abcdefgé', true, 'lower case and another character'],
    ['        ', false, 'spaces only are one class'],
    ['x'.repeat(128).replace(/^x/, 'X'), true, 'long passwords up to the safety limit'],
    ['x'.repeat(129).replace(/^x/, 'X'), false, 'beyond the safety limit'],
  ])('%j → %s (%s)', (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
  });
  it('the five classes are upper case, lower case, digit, symbol, other', () => {
    expect([...passwordClasses('Aa1!é')].sort()).toEqual(['digit', 'lower', 'other', 'symbol', 'upper']);
  });
  it('repeat password must equal the password (passwordsDoNotMatch)', () => {
    expect(repeatPasswordProblem('Secret123', 'Secret123')).toBeNull();
    expect(repeatPasswordProblem('Secret123', 'secret123')).toBe('passwordsDoNotMatch');
  });
});

describe('ISO country codes (spec part 2 §9: about 250)', () => {
  it('offers about 250 unique two-letter codes', () => {
    expect(COUNTRY_CODES.length).toBeGreaterThanOrEqual(240);
    expect(COUNTRY_CODES.length).toBeLessThanOrEqual(260);
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    expect(isCountryCode('NL')).toBe(true);
    expect(isCountryCode('XX')).toBe(false);
  });
});
