import {
  type ExtractListEntry,
  normaliseEmail,
  normaliseShareEmails,
  parseIsoDate,
  showDateTime,
} from '@groeipad/core';

/**
 * Pure rules of the extract list (spec part 2 §2 "Extract list"; D17, D26, D37): polling while PDFs are
 * being made, the created moment as shown, the filters' query, the selection and the share addresses.
 */

/** How often the list asks again while an extract it shows is queued or being made. */
export const POLL_MS = 2_500;

export function isBusy(entry: Pick<ExtractListEntry, 'state'>): boolean {
  return entry.state === 'QUEUED' || entry.state === 'RUNNING';
}

/**
 * TanStack Query's refetchInterval: poll while any shown extract is queued or running (D37), stop as
 * soon as none is (an empty or failed answer stops too).
 */
export function pollInterval(list: readonly Pick<ExtractListEntry, 'state'>[] | undefined): number | false {
  return list?.some(isBusy) ? POLL_MS : false;
}

/** An ISO moment as dd/MM/yyyy HH:mm in the business time zone (D4), '' when it is no moment. */
export function displayMoment(moment: string): string {
  return showDateTime(moment);
}

/** The created-after filter: a yyyy-MM-dd day, never after today (the server refuses a future one). */
export function createdAfterProblem(day: string | null, today: string): 'futureDate' | 'invalidDate' | null {
  if (day === null || day === '') return null;
  if (!parseIsoDate(day)) return 'invalidDate';
  return day > today ? 'futureDate' : null;
}

export interface ExtractFilter {
  archived: boolean;
  search: string;
  /** yyyy-MM-dd or null */
  createdAfter: string | null;
}

export const EMPTY_FILTER: ExtractFilter = { archived: false, search: '', createdAfter: null };

export interface ExtractListQuery {
  status: 'ACTIVE' | 'ARCHIVED';
  search?: string;
  createdAfter?: string;
}

/** The list's query: only filters that hold (a blank search and a future or broken day are not sent). */
export function listQuery(filter: ExtractFilter, today: string): ExtractListQuery {
  const query: ExtractListQuery = { status: filter.archived ? 'ARCHIVED' : 'ACTIVE' };
  const search = filter.search.trim();
  if (search) query.search = search;
  if (filter.createdAfter && createdAfterProblem(filter.createdAfter, today) === null)
    query.createdAfter = filter.createdAfter;
  return query;
}

/** Whether the list is narrowed beyond the default view (no extracts at all means "none yet"). */
export function isFiltered(query: ExtractListQuery): boolean {
  return query.search !== undefined || query.createdAfter !== undefined;
}

/** Rows get a checkbox only where the user may delete (the maker; D26 sharees may only download). */
export function isSelectable(entry: Pick<ExtractListEntry, 'abilities'>): boolean {
  return entry.abilities.delete;
}

/** The selected rows still in the list (a row that left the list, e.g. archived, drops out). */
export function chosenExtracts<T extends Pick<ExtractListEntry, 'id' | 'abilities'>>(
  rows: readonly T[],
  selected: ReadonlySet<number>,
): T[] {
  return rows.filter((row) => selected.has(row.id) && isSelectable(row));
}

export type SelectAllState = 'none' | 'some' | 'all';

export function selectAllState(
  rows: readonly Pick<ExtractListEntry, 'id' | 'abilities'>[],
  selected: ReadonlySet<number>,
): SelectAllState {
  const selectable = rows.filter(isSelectable);
  const count = selectable.filter((row) => selected.has(row.id)).length;
  if (count === 0) return 'none';
  return count === selectable.length ? 'all' : 'some';
}

export function toggleAll(
  rows: readonly Pick<ExtractListEntry, 'id' | 'abilities'>[],
  selected: ReadonlySet<number>,
): Set<number> {
  if (selectAllState(rows, selected) === 'all') return new Set();
  return new Set(rows.filter(isSelectable).map((row) => row.id));
}

export function toggleOne(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (!next.delete(id)) next.add(id);
  return next;
}

export type AddressProblem = 'invalidEmail' | 'alreadyListed' | 'alreadyShared' | 'ownAddress';

/**
 * Adds what was typed to the chips of the share dialog (D26, D37): each address trimmed and lower-cased
 * (several may be pasted at once, split on commas, semicolons and white space); the first one that is
 * invalid, already a chip, already shared or the user's own stops the addition and stays in the input.
 */
export function addAddresses(
  chips: readonly string[],
  typed: string,
  context: { shared: readonly string[]; own: string },
): { chips: string[]; rest: string; problem: AddressProblem | null } {
  const parts = typed.split(/[\s,;]+/).filter(Boolean);
  const next = [...chips];
  for (const [index, part] of parts.entries()) {
    const email = normaliseEmail(part);
    const checked = normaliseShareEmails([...next, email]);
    let problem: AddressProblem | null = null;
    if (!checked.ok) problem = checked.key === 'duplicate' ? 'alreadyListed' : 'invalidEmail';
    else if (context.shared.includes(email)) problem = 'alreadyShared';
    else if (email === normaliseEmail(context.own)) problem = 'ownAddress';
    if (problem) return { chips: next, rest: parts.slice(index).join(', '), problem };
    next.push(email);
  }
  return { chips: next, rest: '', problem: null };
}

/** The addresses the server refused as no member (400 notAMember names each in `fields[].path`). */
export function refusedAddresses(fields: readonly { path: string; key: string }[]): string[] {
  return fields.filter((field) => field.key === 'notAMember').map((field) => field.path);
}
