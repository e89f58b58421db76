import { type JsonValue, jsonEqual } from '@groeipad/core';
import { type FormValues, isEmptyValue, withValue } from '../form/form-values';

/**
 * No silent overwrites (issue 9 "Beyond the spec"): a save answered 409 staleDocument (D29) means
 * someone saved the report after it was loaded. With three versions of the values — base (what my edits
 * started from), mine (my edits) and theirs (the report as stored now) — each field where mine and
 * theirs differ is shown side by side; the user keeps mine, takes theirs, or merges: per field the side
 * that changed it since base wins, and where both changed it mine is proposed (the user can switch).
 */

export type MergeChoice = 'mine' | 'theirs';
export type MergeMode = 'merge' | 'mine' | 'theirs';

export interface MergeRow {
  uuid: string;
  mine: unknown;
  theirs: unknown;
  mineChanged: boolean;
  theirsChanged: boolean;
  /** Both changed the field since base (to different values). */
  conflict: boolean;
  /** The user may write the field: only then can their value be kept. */
  mayKeepMine: boolean;
}

function same(a: unknown, b: unknown): boolean {
  if (isEmptyValue(a) || isEmptyValue(b)) return isEmptyValue(a) && isEmptyValue(b);
  return jsonEqual(a as JsonValue, b as JsonValue);
}

/**
 * The fields where mine and theirs differ, in `order` (the report's field order), then any other key.
 * A field the user may not write is never "mine" (their edits could not touch it).
 */
export function mergeRows(
  base: FormValues,
  mine: FormValues,
  theirs: FormValues,
  order: readonly string[],
  writable: readonly string[],
): MergeRow[] {
  const may = new Set(writable);
  const keys = [...order];
  for (const key of [...Object.keys(base), ...Object.keys(mine), ...Object.keys(theirs)])
    if (!keys.includes(key)) keys.push(key);
  const rows: MergeRow[] = [];
  for (const uuid of keys) {
    if (same(mine[uuid], theirs[uuid])) continue;
    const mineChanged = may.has(uuid) && !same(base[uuid], mine[uuid]);
    const theirsChanged = !same(base[uuid], theirs[uuid]);
    rows.push({
      uuid,
      mine: mine[uuid],
      theirs: theirs[uuid],
      mineChanged,
      theirsChanged,
      conflict: mineChanged && theirsChanged,
      mayKeepMine: may.has(uuid),
    });
  }
  return rows;
}

/** One field's choice under a mode; merge: the side that changed it wins, mine where both did. */
export function choiceFor(row: MergeRow, mode: MergeMode): MergeChoice {
  if (!row.mayKeepMine) return 'theirs';
  if (mode === 'mine') return 'mine';
  if (mode === 'theirs') return 'theirs';
  return row.mineChanged ? 'mine' : 'theirs';
}

export function choicesFor(rows: readonly MergeRow[], mode: MergeMode): Record<string, MergeChoice> {
  return Object.fromEntries(rows.map((row) => [row.uuid, choiceFor(row, mode)]));
}

/** The mode the choices match, or null when the user picked per field. */
export function modeOf(
  rows: readonly MergeRow[],
  choices: Readonly<Record<string, MergeChoice>>,
): MergeMode | null {
  for (const mode of ['merge', 'mine', 'theirs'] as const)
    if (rows.every((row) => choices[row.uuid] === choiceFor(row, mode))) return mode;
  return null;
}

/** The values to save on top of theirs: theirs, with mine wherever mine is chosen. */
export function resolveValues(
  theirs: FormValues,
  rows: readonly MergeRow[],
  choices: Readonly<Record<string, MergeChoice>>,
): FormValues {
  let values = theirs;
  for (const row of rows)
    if (row.mayKeepMine && (choices[row.uuid] ?? choiceFor(row, 'merge')) === 'mine')
      values = withValue(values, row.uuid, row.mine);
  return values;
}
