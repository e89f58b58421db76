import {
  BLUEPRINT_TYPE_PATHS,
  type BlueprintFilter,
  type BlueprintListItem,
  type BlueprintType,
  blueprintActions,
  type LibraryEntry,
  matchesBlueprintFilter,
  NAME_MAX,
  showDateTimeSeconds,
} from '@groeipad/core';

/** The rows the table shows: those matching the filter, sorted by name (then id, for a stable order). */
export function visibleBlueprints(
  list: readonly BlueprintListItem[],
  filter: Partial<BlueprintFilter>,
  locale: string,
): BlueprintListItem[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  return list
    .filter((item) => matchesBlueprintFilter(item, filter))
    .sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}

/** The selected rows among the visible ones (a row hidden by the filter is never acted on). */
export function selectedBlueprints(
  visible: readonly BlueprintListItem[],
  selected: ReadonlySet<number>,
): BlueprintListItem[] {
  return visible.filter((item) => selected.has(item.id));
}

/** Checked, unchecked or mixed: the select-all box over the visible rows. */
export function selectAllState(visibleCount: number, selectedCount: number): 'all' | 'none' | 'some' {
  if (selectedCount === 0 || visibleCount === 0) return 'none';
  return selectedCount >= visibleCount ? 'all' : 'some';
}

/**
 * Which toolbar actions are enabled (spec part 2 §6) from the selected rows' rights (core
 * blueprintActions), and publishing: every selected blueprint's `abilities.library`.
 */
export function listActions(selected: readonly BlueprintListItem[]) {
  const only = selected.length === 1 ? selected[0] : undefined;
  return {
    ...blueprintActions(selected.map((item) => item.rights)),
    publish: selected.length > 0 && selected.every((item) => item.abilities.library),
    // Update from library (D31, D58): one blueprint imported from the library, by whoever may (its ADMIN, any organisation).
    update: only?.abilities.updateFromLibrary === true,
  };
}

/** The suggested name of a copy: the prefixed name, cut to the name limit. */
export function copyName(prefixed: string): string {
  return prefixed.slice(0, NAME_MAX);
}

/** Whether a filter narrows the list (for the panel's "active" mark). */
export function activeFilterCount(filter: BlueprintFilter): number {
  return [filter.type, filter.name.trim(), filter.description.trim()].filter(Boolean).length;
}

/** The editor route of a blueprint: /blueprints/{typePath}/{id}. */
export function editorPath(type: BlueprintType, id: number): string {
  return `/blueprints/${BLUEPRINT_TYPE_PATHS[type]}/${id}`;
}

/** dd/MM/yyyy HH:mm:ss of an ISO moment in the business time zone (a version list, D47); the text itself when it is none. */
export function displayMoment(iso: string): string {
  return showDateTimeSeconds(iso) || iso;
}

/**
 * The library entry that most likely came from one of the selected blueprints: the library list names
 * no source, so the match is by type and name of a selected blueprint that is in the library.
 */
export function likelyEntry(
  entries: readonly LibraryEntry[],
  selected: readonly BlueprintListItem[],
): LibraryEntry | null {
  for (const blueprint of selected.filter((item) => item.library)) {
    const match = entries.find((entry) => entry.type === blueprint.type && entry.name === blueprint.name);
    if (match) return match;
  }
  return null;
}
