import {
  type BlueprintRight,
  type BlueprintUserRights,
  blueprintAccessProblems,
  blueprintRightsFromLevel,
  emailListProblem,
  normaliseEmail,
} from '@groeipad/core';

/** One row of the blueprint rights editor: a user and the level chosen in the dropdown (admin/write/read). */
export interface RightsRow {
  user: string;
  level: BlueprintRight | null;
}

/** The dropdown level of a stored rights list: the highest right held (ADMIN ⇒ WRITE ⇒ READ). */
export function levelOf(rights: readonly string[]): BlueprintRight | null {
  if (rights.includes('ADMIN')) return 'ADMIN';
  if (rights.includes('WRITE')) return 'WRITE';
  if (rights.includes('READ')) return 'READ';
  return null;
}

export function rowsFromRights(list: readonly { user: string; rights: readonly string[] }[]): RightsRow[] {
  return list.map((entry) => ({ user: normaliseEmail(entry.user), level: levelOf(entry.rights) }));
}

/** The rights list to store: each level as its closed set of rights (core blueprintRightsFromLevel). */
export function rightsFromRows(rows: readonly RightsRow[]): BlueprintUserRights[] {
  return rows.map((row) => ({
    user: normaliseEmail(row.user),
    rights: row.level ? blueprintRightsFromLevel(row.level) : [],
  }));
}

/** Why `email` cannot be added (invalidEmail, duplicateUser), or null when it can. */
export function newUserProblem(
  email: string,
  rows: readonly RightsRow[],
): 'invalidEmail' | 'duplicateUser' | null {
  const problem = emailListProblem(
    email,
    rows.map((row) => row.user),
  );
  return problem === 'duplicate' ? 'duplicateUser' : problem;
}

/** Adds a user, lower-cased and trimmed, with READ; unchanged when the address cannot be added. */
export function addRow(rows: readonly RightsRow[], email: string): RightsRow[] {
  if (newUserProblem(email, rows) !== null) return [...rows];
  return [...rows, { user: normaliseEmail(email), level: 'READ' }];
}

/** The problems of the list (noAdmin, duplicateUser, userWithoutRight, invalidEmail), in list order. */
export function rowProblems(rows: readonly RightsRow[]) {
  return blueprintAccessProblems(rightsFromRows(rows));
}

/** Whether two row lists store the same rights (the save button waits for a change). */
export function sameRows(a: readonly RightsRow[], b: readonly RightsRow[]): boolean {
  return (
    a.length === b.length &&
    a.every((row, index) => row.user === b[index]?.user && row.level === b[index]?.level)
  );
}

/** The own row is locked (spec part 2 §5). */
export function isOwnRow(row: RightsRow, currentEmail: string): boolean {
  return normaliseEmail(row.user) === normaliseEmail(currentEmail);
}
