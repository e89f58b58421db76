import { describe, expect, it } from 'vitest';
import { ownEntry, setEntry } from './own-key.ts';

/** Maps keyed by user text (column names, field keys, role names) never reach Object.prototype. */
describe('own-key maps', () => {
  it('reads only own entries: constructor and __proto__ of a plain map are absent', () => {
    const rights: Record<string, string> = { Naam: 'read', '': 'write' };
    expect(ownEntry(rights, 'Naam')).toBe('read');
    expect(ownEntry(rights, '')).toBe('write');
    expect(ownEntry(rights, 'constructor')).toBeUndefined();
    expect(ownEntry(rights, '__proto__')).toBeUndefined();
    expect(ownEntry(rights, 'toString')).toBeUndefined();
    expect(ownEntry(undefined, 'Naam')).toBeUndefined();
  });

  it('sets __proto__ as a plain own entry, leaving every prototype alone', () => {
    const information: Record<string, string> = {};
    setEntry(information, '__proto__', 'Klas 3A');
    setEntry(information, 'Opleiding', 'Verzorgende IG');
    expect(Object.getPrototypeOf(information)).toBe(Object.prototype);
    expect(Object.keys(information)).toEqual(['__proto__', 'Opleiding']);
    expect(ownEntry(information, '__proto__')).toBe('Klas 3A');
    expect(({} as Record<string, unknown>).Opleiding).toBeUndefined();
    expect(JSON.parse(JSON.stringify(information))).toEqual(information);
    setEntry(information, 'Opleiding', 'Maatschappelijke Zorg');
    expect(information.Opleiding).toBe('Maatschappelijke Zorg');
  });
});
