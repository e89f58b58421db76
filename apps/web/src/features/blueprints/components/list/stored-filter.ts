import { type BlueprintFilter, blueprintFilterStorageKey, zBlueprintFilter } from '@groeipad/core';
import { useCallback, useState } from 'react';

export const EMPTY_FILTER: BlueprintFilter = { type: null, name: '', description: '' };

/** The stored filter under `key`, or the empty one when nothing (valid) is stored. */
export function readStoredFilter(storage: Pick<Storage, 'getItem'>, key: string): BlueprintFilter {
  try {
    const raw = storage.getItem(key);
    if (!raw) return EMPTY_FILTER;
    const parsed = zBlueprintFilter.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY_FILTER;
  } catch {
    return EMPTY_FILTER;
  }
}

/** Stores the filter under `key`; an empty filter removes the entry. Storage failures are ignored. */
export function writeStoredFilter(
  storage: Pick<Storage, 'setItem' | 'removeItem'>,
  key: string,
  filter: BlueprintFilter,
): void {
  try {
    if (!filter.type && !filter.name && !filter.description) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(filter));
  } catch {
    // Private mode or a full storage: the filter lasts until the page is left.
  }
}

/**
 * The blueprint list filter, kept in local storage per user and organisation (spec part 2 §2,
 * core blueprintFilterStorageKey).
 */
export function useStoredFilter(userId: number, organisationId: number) {
  const key = blueprintFilterStorageKey(userId, organisationId);
  const [state, setState] = useState(() => ({ key, filter: readStoredFilter(localStorage, key) }));
  // Another user or organisation: read its own filter.
  const current = state.key === key ? state : { key, filter: readStoredFilter(localStorage, key) };
  if (current !== state) setState(current);
  const setFilter = useCallback(
    (filter: BlueprintFilter) => {
      writeStoredFilter(localStorage, key, filter);
      setState({ key, filter });
    },
    [key],
  );
  return [current.filter, setFilter] as const;
}
