import { describe, expect, it } from 'vitest';
import { capitalize, DEFAULT_LANGUAGE, isLanguage } from './i18n';

describe('isLanguage', () => {
  it.each<[unknown, boolean]>([
    ['nl', true],
    ['en', true],
    ['fr', false],
    ['NL', false],
    ['nl-BE', false],
    ['', false],
    [null, false],
    [undefined, false],
    [1, false],
  ])('%j → %s', (value, expected) => {
    expect(isLanguage(value)).toBe(expected);
  });

  it('defaults to Dutch', () => {
    expect(DEFAULT_LANGUAGE).toBe('nl');
  });
});

describe('capitalize (the {{object, capitalize}} format)', () => {
  it.each<[unknown, string]>([
    ['de gebruiker', 'De gebruiker'],
    ['the users', 'The users'],
    ['émile', 'Émile'],
    ['', ''],
    [undefined, ''],
  ])('%j → %j', (value, expected) => {
    expect(capitalize(value)).toBe(expected);
  });
});
