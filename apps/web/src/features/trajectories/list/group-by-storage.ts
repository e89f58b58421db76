import { groupByStorageKey, NAME_MAX } from '@groeipad/core';
import { useCallback, useState } from 'react';

/** How many recently used group-by keys are offered again. */
export const RECENT_KEYS_MAX = 8;

/** Where the recently used keys are kept, beside the chosen key. */
export function recentKeysStorageKey(storageKey: string): string {
  return `${storageKey}.recent`;
}

function usable(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '' && value.length <= NAME_MAX;
}

/** The remembered group-by key, or null (no grouping) when none or an unusable one is stored. */
export function readGroupBy(storage: Pick<Storage, 'getItem'>, key: string): string | null {
  try {
    const value = storage.getItem(key)?.trim();
    return usable(value) ? value : null;
  } catch {
    return null;
  }
}

/** The recently used keys, newest first (nothing unusable). */
export function readRecentKeys(storage: Pick<Storage, 'getItem'>, key: string): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(recentKeysStorageKey(key)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(usable).slice(0, RECENT_KEYS_MAX) : [];
  } catch {
    return [];
  }
}

/** `value` first, then the others without it, at most RECENT_KEYS_MAX. */
export function withRecentKey(recent: readonly string[], value: string): string[] {
  return [value, ...recent.filter((key) => key !== value)].slice(0, RECENT_KEYS_MAX);
}

/**
 * Remembers the chosen key (and adds it to the recent ones); null forgets the choice. Storage
 * failures are ignored: the choice then lasts for this page.
 */
export function writeGroupBy(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
  key: string,
  value: string | null,
): void {
  try {
    const trimmed = value?.trim();
    if (!trimmed) {
      storage.removeItem(key);
      return;
    }
    storage.setItem(key, trimmed);
    storage.setItem(
      recentKeysStorageKey(key),
      JSON.stringify(withRecentKey(readRecentKeys(storage, key), trimmed)),
    );
  } catch {
    // Private mode or a full storage.
  }
}

/**
 * The group-by key, remembered locally per user and organisation (spec part 1 §2, core
 * groupByStorageKey), and the keys used recently there.
 */
export function useGroupBy(userId: number, organisationId: number) {
  const key = groupByStorageKey(userId, organisationId);
  const read = () => ({
    key,
    value: readGroupBy(localStorage, key),
    recent: readRecentKeys(localStorage, key),
  });
  const [state, setState] = useState(read);
  const current = state.key === key ? state : read();
  if (current !== state) setState(current);
  const setGroupBy = useCallback(
    (value: string | null) => {
      writeGroupBy(localStorage, key, value);
      setState({ key, value: value?.trim() || null, recent: readRecentKeys(localStorage, key) });
    },
    [key],
  );
  return { groupBy: current.value, recent: current.recent, setGroupBy };
}
