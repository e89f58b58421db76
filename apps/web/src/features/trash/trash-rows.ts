import {
  BLUEPRINT_TYPES,
  isKnownValue,
  parseTrashId,
  selectAllTrash,
  showDateTime,
  type TrashItem,
} from '@groeipad/core';

/**
 * The translation key of an item's type: a trajectory, or a blueprint of its type; `blueprintType` null
 * for a type this version does not know (shown as "Onbekend (x)", spec part 2 §9).
 */
export function typeLabel(item: Pick<TrashItem, 'id' | 'type'>): {
  key: string;
  blueprintType?: string | null;
} {
  const kind = parseTrashId(item.id)?.kind;
  if (kind === 'trajectory') return { key: 'trash.types.trajectory' };
  return {
    key: 'trash.types.blueprint',
    blueprintType: isKnownValue(BLUEPRINT_TYPES, item.type) ? `blueprintList.types.${item.type}` : null,
  };
}

/** When it was deleted: dd/MM/yyyy HH:mm in the business time zone (D47); empty when not known. */
export function deletedOn(value: string | null): string {
  return showDateTime(value);
}

/** The selection kept to items that are still listed and selectable (admin, D13). */
export function currentSelection(
  items: readonly Pick<TrashItem, 'id' | 'admin'>[],
  selected: ReadonlySet<string>,
): string[] {
  return selectAllTrash(items).filter((id) => selected.has(id));
}

/** Select-all over the admin items only: all selected → none, otherwise → all of them. */
export function toggleAllTrash(
  items: readonly Pick<TrashItem, 'id' | 'admin'>[],
  selected: ReadonlySet<string>,
): Set<string> {
  const selectable = selectAllTrash(items);
  const all = selectable.length > 0 && selectable.every((id) => selected.has(id));
  return all ? new Set() : new Set(selectable);
}

/** The select-all box: none, some or all of the selectable items chosen. */
export function selectAllState(
  items: readonly Pick<TrashItem, 'id' | 'admin'>[],
  selected: ReadonlySet<string>,
): 'none' | 'some' | 'all' {
  const selectable = selectAllTrash(items);
  const count = selectable.filter((id) => selected.has(id)).length;
  if (count === 0) return 'none';
  return count === selectable.length ? 'all' : 'some';
}

/** A toggled row: only a selectable item can be chosen. */
export function toggleTrashItem(
  items: readonly Pick<TrashItem, 'id' | 'admin'>[],
  selected: ReadonlySet<string>,
  id: string,
): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else if (items.some((item) => item.id === id && item.admin)) next.add(id);
  return next;
}
