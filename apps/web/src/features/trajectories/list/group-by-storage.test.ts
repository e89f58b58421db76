import { groupByStorageKey } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import {
  RECENT_KEYS_MAX,
  readGroupBy,
  readRecentKeys,
  withRecentKey,
  writeGroupBy,
} from './group-by-storage';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('the remembered group-by key', () => {
  const key = groupByStorageKey(7, 3);

  it('is kept per user and organisation', () => {
    const storage = memoryStorage();
    writeGroupBy(storage, key, ' Klas ');
    expect(readGroupBy(storage, key)).toBe('Klas');
    expect(readGroupBy(storage, groupByStorageKey(7, 4))).toBeNull();
    expect(readGroupBy(storage, groupByStorageKey(8, 3))).toBeNull();
  });

  it('is forgotten when grouping is switched off', () => {
    const storage = memoryStorage();
    writeGroupBy(storage, key, 'Klas');
    writeGroupBy(storage, key, null);
    expect(readGroupBy(storage, key)).toBeNull();
    expect(storage.map.has(key)).toBe(false);
    writeGroupBy(storage, key, '   ');
    expect(readGroupBy(storage, key)).toBeNull();
  });

  it('ignores an over-long stored value and a failing storage', () => {
    const storage = memoryStorage();
    storage.setItem(key, 'x'.repeat(256));
    expect(readGroupBy(storage, key)).toBeNull();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(readGroupBy(broken, key)).toBeNull();
    expect(() => writeGroupBy(broken, key, 'Klas')).not.toThrow();
  });

  it('keeps the recently used keys, newest first, without doubles', () => {
    const storage = memoryStorage();
    writeGroupBy(storage, key, 'Klas');
    writeGroupBy(storage, key, 'Naam leerbedrijf');
    writeGroupBy(storage, key, 'Klas');
    writeGroupBy(storage, key, null);
    expect(readRecentKeys(storage, key)).toEqual(['Klas', 'Naam leerbedrijf']);
    const many = Array.from({ length: 20 }, (_, index) => `k${index}`);
    expect(withRecentKey(many, 'new')).toHaveLength(RECENT_KEYS_MAX);
    storage.setItem(`${key}.recent`, '{"not": "a list"}');
    expect(readRecentKeys(storage, key)).toEqual([]);
    storage.setItem(`${key}.recent`, '[1, "", "Klas"]');
    expect(readRecentKeys(storage, key)).toEqual(['Klas']);
  });
});
