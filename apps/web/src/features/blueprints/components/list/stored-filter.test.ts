import { blueprintFilterStorageKey } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, readStoredFilter, writeStoredFilter } from './stored-filter';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('the stored blueprint filter', () => {
  const key = blueprintFilterStorageKey(3, 12);

  it('is kept per user and organisation', () => {
    const storage = memoryStorage();
    writeStoredFilter(storage, key, { type: 'REPORT', name: 'stage', description: '' });
    expect(readStoredFilter(storage, key)).toEqual({ type: 'REPORT', name: 'stage', description: '' });
    expect(readStoredFilter(storage, blueprintFilterStorageKey(3, 13))).toEqual(EMPTY_FILTER);
    expect(readStoredFilter(storage, blueprintFilterStorageKey(4, 12))).toEqual(EMPTY_FILTER);
  });

  it('removes the entry when cleared', () => {
    const storage = memoryStorage();
    writeStoredFilter(storage, key, { type: null, name: 'x', description: '' });
    writeStoredFilter(storage, key, EMPTY_FILTER);
    expect(storage.map.size).toBe(0);
  });

  it('ignores what it cannot read', () => {
    const storage = memoryStorage();
    storage.setItem(key, '{not json');
    expect(readStoredFilter(storage, key)).toEqual(EMPTY_FILTER);
    storage.setItem(key, JSON.stringify({ type: 'UNKNOWN', name: 3 }));
    expect(readStoredFilter(storage, key)).toEqual(EMPTY_FILTER);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(readStoredFilter(broken, key)).toEqual(EMPTY_FILTER);
  });
});
