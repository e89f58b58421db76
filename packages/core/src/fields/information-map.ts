import type { Field } from '../contract/fields.ts';
import { displayDateToIso } from '../dates/display.ts';
import { parsePointer } from '../patch/pointer.ts';
import { setEntry } from '../util/own-key.ts';
import { walkFields } from './tree.ts';
import { parseDecimal, parseInteger } from './values.ts';

/**
 * D14: the spreadsheet row of the create dialog fills the information fields whose name matches a
 * column (trimmed, case-insensitive). Answers `{uuid: value}` for the fields it can fill: text and url
 * as they are, numbers parsed, dates from dd/MM/yyyy or yyyy-MM-dd, a select only with one of its
 * options; other types and values that do not fit are left alone.
 */
export function valuesFromInformation(
  fields: readonly Field[],
  information: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const byName = new Map<string, string>();
  for (const [column, value] of Object.entries(information)) byName.set(column.trim().toLowerCase(), value);
  const values: Record<string, unknown> = {};
  for (const { field } of walkFields(fields)) {
    const text = byName.get(field.name.trim().toLowerCase());
    if (text === undefined || text.trim() === '') continue;
    const value = fieldValue(field, text.trim());
    if (value !== undefined) values[field.uuid] = value;
  }
  return values;
}

function fieldValue(field: Field, text: string): unknown {
  switch (field.type) {
    case 'text':
    case 'url':
      return text;
    case 'integer':
      return parseInteger(text) ?? undefined;
    case 'decimal':
      return parseDecimal(text) ?? undefined;
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : (displayDateToIso(text) ?? undefined);
    case 'select':
      return field.options.some((option) => option.value === text) ? text : undefined;
    default:
      return undefined;
  }
}

/** The name a column and a field are matched by (D14): trimmed, case-insensitive. */
const matchName = (name: string) => name.trim().toLowerCase();

/** The matching names of every field of a form (groups included): the keys the map may never hold (D40). */
export function formFieldNames(fields: readonly Field[]): Set<string> {
  const names = new Set<string>();
  for (const { field } of walkFields(fields)) names.add(matchName(field.name));
  return names;
}

/** True when `key` names a field of the form (D14's match): such a key belongs to the form, never the map. */
export function isFormFieldKey(names: ReadonlySet<string>, key: string): boolean {
  return names.has(matchName(key));
}

/**
 * D40: a new trajectory's spreadsheet row split between the form and the map. A column whose name
 * matches a form field fills that field (`values`, uuid → value, to be written under the creator's
 * rights) and is not kept in the map; `unfit` names the matching columns whose text the field cannot
 * take (a word in a number field, a value no option has, a type a spreadsheet cannot fill) — refused
 * rather than dropped. Blank cells fill nothing. The map keeps only the columns that match no field.
 */
export function splitInformation(
  fields: readonly Field[],
  information: Readonly<Record<string, string>>,
): { values: Record<string, unknown>; map: Record<string, string>; unfit: string[] } {
  const names = formFieldNames(fields);
  const values = valuesFromInformation(fields, information);
  const filled = new Set<string>();
  for (const { field } of walkFields(fields)) if (field.uuid in values) filled.add(matchName(field.name));
  const map: Record<string, string> = {};
  const unfit: string[] = [];
  for (const [column, text] of Object.entries(information)) {
    if (!isFormFieldKey(names, column)) setEntry(map, column, text);
    else if (text.trim() !== '' && !filled.has(matchName(column))) unfit.push(column);
  }
  return { values, map, unfit };
}

/** The map as it is shown and grouped: without keys that name a form field (D40; copies kept before D40). */
export function informationMapOnly(
  fields: readonly Field[],
  information: Readonly<Record<string, string>>,
): Record<string, string> {
  const names = formFieldNames(fields);
  const map: Record<string, string> = {};
  for (const [key, text] of Object.entries(information))
    if (!isFormFieldKey(names, key)) setEntry(map, key, text);
  return map;
}

/** Why a change of the information map is refused (D40), with the operation's path; null when it is not. */
export interface InformationPatchProblem {
  path: string;
  /** invalidPatch: not a change of one map key (400); forbidden: a form field's name (403). */
  key: 'invalidPatch' | 'forbidden';
}

/**
 * D40: `PATCH …/information` touches only the map's own keys: each operation adds, replaces, removes or
 * tests one top-level key — never the root, never a deeper place, never a key that names a form field
 * (that value belongs to the form, whose field rights decide who writes it). Moves and copies are
 * refused too: they would carry a value between keys unseen by this check.
 */
export function informationPatchProblem(
  fields: readonly Field[],
  patch: readonly { op: string; path: string }[],
): InformationPatchProblem | null {
  const names = formFieldNames(fields);
  for (const operation of patch) {
    if (!['add', 'replace', 'remove', 'test'].includes(operation.op))
      return { path: operation.path, key: 'invalidPatch' };
    let segments: string[];
    try {
      segments = parsePointer(operation.path);
    } catch {
      return { path: operation.path, key: 'invalidPatch' };
    }
    const [key] = segments;
    if (segments.length !== 1 || key === undefined || key.trim() === '')
      return { path: operation.path, key: 'invalidPatch' };
    if (operation.op !== 'test' && isFormFieldKey(names, key))
      return { path: operation.path, key: 'forbidden' };
  }
  return null;
}
