import { useLayoutEffect, useState, useSyncExternalStore } from 'react';

/**
 * A set of ids (the ticked rows, the opened ones) that each row reads for its own id alone: when the set
 * changes, only the rows whose answer changed render again. A context holding the set would render every
 * row of a 500-row tree for one tick box (bench/competence-editor.ts).
 */
export interface IdSetStore {
  has: (id: string) => boolean;
  subscribe: (listener: () => void) => () => void;
}

interface WritableIdSetStore extends IdSetStore {
  set: (next: ReadonlySet<string>) => void;
}

function createIdSetStore(initial: ReadonlySet<string>): WritableIdSetStore {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    has: (id) => current.has(id),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set: (next) => {
      if (next === current) return;
      current = next;
      for (const listener of listeners) listener();
    },
  };
}

/** A store that follows `set` (state of the editor): the same store for the editor's lifetime. */
export function useIdSetStore(set: ReadonlySet<string>): IdSetStore {
  const [store] = useState(() => createIdSetStore(set));
  useLayoutEffect(() => store.set(set), [store, set]);
  return store;
}

/** Whether the store holds `id`; the row renders again only when that answer changes. */
export function useHasId(store: IdSetStore, id: string): boolean {
  return useSyncExternalStore(store.subscribe, () => store.has(id));
}
