import { type Field, type HistoryPerson, parseIsoDate, showDate, showDateTimeSeconds } from '@groeipad/core';

/**
 * The change history's pure parts (issue 9 "Change history with restore"): which document a dialog is
 * about, how a moment and a value read, what the filters send, and which version a restore names.
 */

/** The document whose history is shown: the form, one report, or the evaluation. */
export type HistoryTarget = { part: 'form' } | { part: 'report'; reportId: number } | { part: 'evaluation' };

/** Why restoring is not offered right now, though the user may write. */
export type RestoreBlock = 'expired' | 'editing' | null;

/** An ISO moment as dd/MM/yyyy HH:mm:ss in the business time zone (a history list, D47); the text itself when it is none. */
export function historyMoment(moment: string): string {
  return showDateTimeSeconds(moment) || moment;
}

/** Who saved: their name, else their e-mail; null for someone no longer known. */
export function personName(who: HistoryPerson | null): string | null {
  if (!who) return null;
  return who.name?.trim() || who.email;
}

/** The filter panel: a person (user id) and a period of yyyy-MM-dd days, each optional. */
export interface HistoryFilter {
  person: number | null;
  from: string | null;
  to: string | null;
}

export const NO_FILTER: HistoryFilter = { person: null, from: null, to: null };

export const HISTORY_SIZE = 20;

export function filterActive(filter: HistoryFilter): boolean {
  return filter.person !== null || filter.from !== null || filter.to !== null;
}

/** The period ends before it starts (the server refuses it too). */
export function rangeBackwards(filter: HistoryFilter): boolean {
  return filter.from !== null && filter.to !== null && filter.from > filter.to;
}

/** The query of one page (pages from 0); nothing for a period that ends before it starts. */
export function historyQuery(filter: HistoryFilter, page: number) {
  return {
    page,
    size: HISTORY_SIZE,
    ...(filter.person !== null ? { person: filter.person } : {}),
    ...(filter.from !== null && parseIsoDate(filter.from) ? { from: filter.from } : {}),
    ...(filter.to !== null && parseIsoDate(filter.to) ? { to: filter.to } : {}),
  };
}

/**
 * The version a restore names (core endpoints/history.ts): a change listed at version `v` shows the
 * value before it — the document at `v − 1` — and after it, at `v`.
 */
export function restoreVersion(version: number, side: 'before' | 'after'): number {
  return side === 'before' ? version - 1 : version;
}

/** How one stored value reads, whatever its field's type (rich text and files included). */
export type ValueView =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'yesNo'; yes: boolean }
  | { kind: 'list'; items: string[] }
  | { kind: 'files'; files: { id: number; name: string | null }[] }
  | { kind: 'link'; text: string };

function jsonList(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);

/**
 * A value as the dialog shows it: dates as dd/MM/yyyy, yes/no, option lists, file names (from the
 * answer's `files`; an id without a name stays an id), links; '' and null and [] read as empty.
 */
export function valueView(field: Field, value: unknown, fileNames: ReadonlyMap<number, string>): ValueView {
  if (value === null || value === undefined || value === '') return { kind: 'empty' };
  switch (field.type) {
    case 'boolean':
      return typeof value === 'boolean'
        ? { kind: 'yesNo', yes: value }
        : { kind: 'text', text: textOf(value) };
    case 'date': {
      const text = textOf(value);
      return { kind: 'text', text: showDate(text) || text };
    }
    case 'multi_select': {
      const items = jsonList(value);
      if (!items) return { kind: 'text', text: textOf(value) };
      return items.length === 0 ? { kind: 'empty' } : { kind: 'list', items: items.map(textOf) };
    }
    case 'upload':
    case 'image': {
      const ids = jsonList(value)?.filter((id): id is number => Number.isInteger(id));
      if (!ids) return { kind: 'text', text: textOf(value) };
      if (ids.length === 0) return { kind: 'empty' };
      return { kind: 'files', files: ids.map((id) => ({ id, name: fileNames.get(id) ?? null })) };
    }
    case 'url':
      return { kind: 'link', text: textOf(value) };
    default:
      return { kind: 'text', text: textOf(value) };
  }
}

/** The field's name with the groups it sits in: "Leerbedrijf › Contact › Telefoon". */
export function fieldTitle(field: Pick<Field, 'name'>, groups: readonly string[]): string {
  return [...groups, field.name].join(' › ');
}
