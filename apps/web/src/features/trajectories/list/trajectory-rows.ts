import { canSelectTrajectory, type TrajectoryListItem } from '@groeipad/core';
import { activeUntilDay, isShownByExpiry } from './expiry';
import { needsAttention } from './progress';

/** The sortable columns of the list (spec part 1 §2; the progress ones, issue 22). */
export type SortColumn = 'name' | 'description' | 'progress' | 'average' | 'lastAssessed' | 'activeUntil';
export type SortDirection = 'asc' | 'desc';
export interface SortOrder {
  column: SortColumn;
  direction: SortDirection;
}
export const DEFAULT_SORT: SortOrder = { column: 'name', direction: 'asc' };

/** Clicking a column sorts by it ascending; clicking the sorted column again reverses it. */
export function nextSort(current: SortOrder, column: SortColumn): SortOrder {
  if (current.column !== column) return { column, direction: 'asc' };
  return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

/** Lower case without accents, so "Élise" is found by "elise". */
export function searchText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Every word of the query occurs in the title or the description (any letter case, accents ignored). */
export function matchesSearch(
  item: Pick<TrajectoryListItem, 'name' | 'description'>,
  query: string,
): boolean {
  const words = searchText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = searchText(`${item.name}\n${item.description ?? ''}`);
  return words.every((word) => haystack.includes(word));
}

/** A row's value in a sorted column; null when it has none (it then sorts last). */
function sortValue(item: TrajectoryListItem, column: Exclude<SortColumn, 'name'>): string | number | null {
  const progress = item.progress ?? null;
  switch (column) {
    case 'description':
      return item.description?.trim() || null;
    case 'activeUntil':
      return activeUntilDay(item.activeUntil);
    case 'progress':
      return progress && progress.competences > 0 ? progress.scored / progress.competences : null;
    case 'average':
      return progress?.average?.score ?? null;
    case 'lastAssessed':
      return progress?.lastAssessed ?? null;
  }
}

/**
 * Compares two rows on the sorted column; rows without a value (no description, no activeUntil, no
 * evaluation to read or nothing scored yet) come last in either direction; ties keep title then id
 * order, so the order is stable.
 */
export function compareTrajectories(
  a: TrajectoryListItem,
  b: TrajectoryListItem,
  sort: SortOrder,
  collator: Intl.Collator,
): number {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const byName = collator.compare(a.name, b.name) || a.id - b.id;
  if (sort.column === 'name') return sign * byName;
  const left = sortValue(a, sort.column);
  const right = sortValue(b, sort.column);
  if (left === null || right === null) {
    if (left === right) return byName;
    return left === null ? 1 : -1;
  }
  const compared =
    typeof left === 'number' && typeof right === 'number'
      ? left - right
      : sort.column === 'description'
        ? collator.compare(String(left), String(right))
        : String(left).localeCompare(String(right));
  return compared === 0 ? byName : sign * compared;
}

export interface ListView {
  search: string;
  showInactive: boolean;
  /** yyyy-MM-dd, see expiry.ts */
  today: string;
  sort: SortOrder;
  language: string;
  /** "Needs attention" (issue 22): weeks without an assessment that count, or null when the filter is off. */
  attentionWeeks?: number | null;
}

export function collatorFor(language: string): Intl.Collator {
  return new Intl.Collator(language, { sensitivity: 'base', numeric: true });
}

/** The rows the list shows: the search, the inactive toggle (spec part 1 §4), "needs attention", then the sort. */
export function visibleTrajectories(
  items: readonly TrajectoryListItem[],
  view: ListView,
  collator: Intl.Collator = collatorFor(view.language),
): TrajectoryListItem[] {
  return items
    .filter((item) => isShownByExpiry(item.activeUntil, view.today, view.showInactive))
    .filter((item) => matchesSearch(item, view.search))
    .filter((item) => view.attentionWeeks == null || needsAttention(item, view.today, view.attentionWeeks))
    .sort((a, b) => compareTrajectories(a, b, view.sort, collator));
}

/** Only METADATA makes a row selectable (spec part 1 §6): the row checkbox, delete, extract. */
export function isSelectable(item: Pick<TrajectoryListItem, 'rights'>): boolean {
  return canSelectTrajectory(item.rights);
}

/** The selected rows among those shown (a hidden row is never acted on). */
export function chosenTrajectories(
  rows: readonly TrajectoryListItem[],
  selected: ReadonlySet<number>,
): TrajectoryListItem[] {
  return rows.filter((row) => selected.has(row.id) && isSelectable(row));
}

export type SelectAllState = 'none' | 'some' | 'all';

/** The select-all checkbox over the selectable rows shown. */
export function selectAllState(
  rows: readonly TrajectoryListItem[],
  selected: ReadonlySet<number>,
): SelectAllState {
  const selectable = rows.filter(isSelectable);
  const count = selectable.filter((row) => selected.has(row.id)).length;
  if (count === 0) return 'none';
  return count === selectable.length ? 'all' : 'some';
}

/** Select-all: selects every selectable row shown, or clears the selection when all were selected. */
export function toggleAll(rows: readonly TrajectoryListItem[], selected: ReadonlySet<number>): Set<number> {
  if (selectAllState(rows, selected) === 'all') return new Set();
  return new Set(rows.filter(isSelectable).map((row) => row.id));
}

/**
 * A group's checkbox (D34, issue 32: a cohort is often a group): selects every selectable row of the group
 * shown, or clears them when all were selected; the rest of the selection stays.
 */
export function toggleGroup(rows: readonly TrajectoryListItem[], selected: ReadonlySet<number>): Set<number> {
  const next = new Set(selected);
  const selectable = rows.filter(isSelectable);
  if (selectAllState(selectable, selected) === 'all') for (const row of selectable) next.delete(row.id);
  else for (const row of selectable) next.add(row.id);
  return next;
}

/** One row checkbox; rows without METADATA cannot be selected. */
export function toggleOne(selected: ReadonlySet<number>, item: TrajectoryListItem): Set<number> {
  const next = new Set(selected);
  if (!next.delete(item.id) && isSelectable(item)) next.add(item.id);
  return next;
}

/** A group as the grouped endpoint answers it (D34); `value` null is Uncategorised. */
export interface RowGroup {
  value: string | null;
  trajectories: readonly TrajectoryListItem[];
}

/** The stable key of a group (the Uncategorised one cannot clash with a value). */
export function groupKey(value: string | null): string {
  return value === null ? '\u0000uncategorised' : `=${value}`;
}

/** One line of the windowed list: an accordion header or a trajectory. */
export type ListEntry =
  | {
      kind: 'group';
      key: string;
      value: string | null;
      count: number;
      expanded: boolean;
      /** The group's rows that pass the filters (its checkbox selects them while it is expanded). */
      items: readonly TrajectoryListItem[];
    }
  | { kind: 'row'; item: TrajectoryListItem };

/**
 * The lines of the windowed list. Without groups: the rows. With groups (D34): per group a header,
 * then its visible rows unless it is collapsed; groups left empty by the search or the inactive
 * toggle are dropped; the server's order of groups (by value, Uncategorised last) is kept.
 * `rows`: the rows on screen (select-all and delete act on these only, never on a collapsed
 * group's); `total`: every row that passes the filters.
 */
export function listEntries(
  rows: readonly TrajectoryListItem[],
  groups: readonly RowGroup[] | null,
  view: ListView,
  collapsed: ReadonlySet<string>,
): { entries: ListEntry[]; rows: TrajectoryListItem[]; total: number } {
  const collator = collatorFor(view.language);
  if (!groups) {
    const visible = visibleTrajectories(rows, view, collator);
    return { entries: visible.map((item) => ({ kind: 'row', item })), rows: visible, total: visible.length };
  }
  const entries: ListEntry[] = [];
  const shown: TrajectoryListItem[] = [];
  let total = 0;
  const ordered = [...groups.filter((g) => g.value !== null), ...groups.filter((g) => g.value === null)];
  for (const group of ordered) {
    const visible = visibleTrajectories(group.trajectories, view, collator);
    if (visible.length === 0) continue;
    const key = groupKey(group.value);
    const expanded = !collapsed.has(key);
    entries.push({ kind: 'group', key, value: group.value, count: visible.length, expanded, items: visible });
    total += visible.length;
    if (!expanded) continue;
    for (const item of visible) entries.push({ kind: 'row', item });
    shown.push(...visible);
  }
  return { entries, rows: shown, total };
}
