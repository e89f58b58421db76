import { COHORT_MAX } from '@groeipad/core';

/**
 * Which trajectories the cohort grid shows (issue 22), as its address says: `?ids=1,2,3` (a selection in
 * the list, or the rows it showed) or `?groupBy=Klas` with `&group=3A` (a group of the list's group-by,
 * D34; `group=` empty is the Uncategorised group, none yet: the page offers the groups to pick from).
 * The columns chosen ride along as `cluster` and `sub` (uuids), so a reload shows the same grid.
 */
export type CohortSource =
  | { kind: 'ids'; ids: number[] }
  | { kind: 'group'; key: string; value: string | null | undefined }
  | { kind: 'none' };

const WHOLE_ID = /^[1-9]\d{0,9}$/;

/** The source an address names; ids that are no whole positive numbers are dropped, duplicates too. */
export function cohortSourceOf(params: URLSearchParams): CohortSource {
  const ids = [
    ...new Set(
      (params.get('ids') ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter((part) => WHOLE_ID.test(part))
        .map(Number),
    ),
  ];
  if (ids.length > 0) return { kind: 'ids', ids };
  const key = params.get('groupBy')?.trim();
  if (key) {
    const group = params.get('group');
    return { kind: 'group', key, value: group === null ? undefined : group.trim() || null };
  }
  return { kind: 'none' };
}

/** More trajectories than one grid shows (the server's COHORT_MAX): the page says so instead of asking. */
export function tooManyForGrid(ids: readonly number[]): boolean {
  return ids.length > COHORT_MAX;
}

/**
 * The grid's address from the trajectory list's toolbar: the selected rows; else, when the list is
 * grouped, its group-by key (the grid then offers the groups); else the rows the list shows. At most one
 * id more than a grid shows is written, enough for the page to say there are too many.
 */
export function cohortLink(list: {
  selected: readonly number[];
  groupBy: string | null;
  shown: readonly number[];
}): string {
  const params = new URLSearchParams();
  if (list.selected.length === 0 && list.groupBy !== null) params.set('groupBy', list.groupBy);
  else
    params.set(
      'ids',
      (list.selected.length > 0 ? list.selected : list.shown).slice(0, COHORT_MAX + 1).join(','),
    );
  return `/trajectories/cohort?${params.toString().replaceAll('%2C', ',')}`;
}
