import { useCallback, useMemo, useState } from 'react';

/**
 * The rows ticked in an editor's list (select-all and per-row checkboxes). Ids no longer in `ids`
 * (deleted, or gone after undo) drop out by themselves.
 */
export function useSelection(ids: readonly string[]) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const selected = useMemo(() => {
    const present = new Set(ids);
    return new Set([...ticked].filter((id) => present.has(id)));
  }, [ids, ticked]);

  const toggle = useCallback((id: string, on: boolean) => {
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const setAll = useCallback((on: boolean) => setTicked(new Set(on ? ids : [])), [ids]);
  const replace = useCallback((next: Iterable<string>) => setTicked(new Set(next)), []);

  return {
    selected,
    count: selected.size,
    all: ids.length > 0 && selected.size === ids.length,
    some: selected.size > 0 && selected.size < ids.length,
    toggle,
    setAll,
    replace,
  };
}

export type Selection = ReturnType<typeof useSelection>;
