import type { EvaluationRights, FieldRights, ReportRights, TrajectoryAccess } from '../contract/access.ts';
import { ownEntry, setEntry } from '../util/own-key.ts';

/**
 * Right dependencies of the rights editor (spec part 1 §4). Each function takes the current flags and one
 * change and returns the closed result: the changed flag has the asked value and the invariants hold.
 *
 * Field (information and report field): write ⇒ read, read ⇒ not hidden.
 *   write on → read on, hidden off · read on → hidden off · hidden on → write and read off · read off → write off.
 * Report level: admin ⇒ write ⇒ read ⇒ not hidden (the field rules plus the report rules):
 *   admin on → write, read on, hidden off · read off → admin, write off · write off → admin off.
 * Evaluation: write ⇒ read.  write on → read on · read off → write off.
 */
export interface RightChange<Flag extends string> {
  flag: Flag;
  value: boolean;
}
export type FieldRightFlag = keyof FieldRights;
export type ReportRightFlag = 'admin' | 'write' | 'read' | 'hidden';
export type EvaluationRightFlag = keyof EvaluationRights;

/** The field invariants on their own: write ⇒ read ⇒ not hidden. */
export function closeFieldRights(rights: FieldRights): FieldRights {
  const read = rights.read || rights.write;
  return { write: rights.write, read, hidden: rights.hidden && !read };
}

export function applyFieldRightChange(rights: FieldRights, change: RightChange<FieldRightFlag>): FieldRights {
  const next = { write: rights.write, read: rights.read, hidden: rights.hidden, [change.flag]: change.value };
  if (change.value && change.flag === 'hidden') return { write: false, read: false, hidden: true };
  if (change.value) return closeFieldRights({ ...next, read: true, hidden: false });
  if (change.flag === 'read') next.write = false;
  // Close what the change did not touch (an inconsistent input must not survive).
  return closeFieldRights(next);
}

/** Report level: the field rules on write, read and hidden, with admin ⇒ write on top. */
export function applyReportRightChange(
  rights: ReportRights,
  change: RightChange<ReportRightFlag>,
): Required<ReportRights> {
  const admin = rights.admin === true;
  const base = closeFieldRights({ write: rights.write || admin, read: rights.read, hidden: rights.hidden });
  if (change.flag === 'admin') {
    return change.value
      ? { admin: true, ...applyFieldRightChange(base, { flag: 'write', value: true }) }
      : { admin: false, ...base };
  }
  const field = applyFieldRightChange(base, { flag: change.flag, value: change.value });
  return { admin: admin && field.write, ...field };
}

export function applyEvaluationRightChange(
  rights: EvaluationRights,
  change: RightChange<EvaluationRightFlag>,
): EvaluationRights {
  let { write, read } = rights;
  if (change.flag === 'write') write = change.value;
  if (change.flag === 'read') read = change.value;
  if (change.flag === 'read' && !change.value) write = false;
  if (write) read = true;
  return { write, read };
}

const NO_FIELD_RIGHTS: FieldRights = { write: false, read: false, hidden: false };

/** Applies one change to the entries of several field keys at once (a click on a tri-state checkbox). */
export function applyFieldRightChangeToKeys(
  map: Readonly<Record<string, FieldRights>>,
  keys: readonly string[],
  change: RightChange<FieldRightFlag>,
): Record<string, FieldRights> {
  const next: Record<string, FieldRights> = { ...map };
  for (const key of keys)
    setEntry(next, key, applyFieldRightChange(ownEntry(map, key) ?? NO_FIELD_RIGHTS, change));
  return next;
}

export type TriState = 'checked' | 'unchecked' | 'mixed';

/** Checked when all are on, unchecked when none (or the list is empty), mixed otherwise. */
export function triState(values: readonly boolean[]): TriState {
  const on = values.filter(Boolean).length;
  if (on === 0) return 'unchecked';
  return on === values.length ? 'checked' : 'mixed';
}

/** The tri-state of one flag over the selected field keys of a rights map (a missing entry counts as off). */
export function fieldRightTriState(
  map: Readonly<Record<string, { write: boolean; read: boolean; hidden: boolean }>>,
  keys: readonly string[],
  flag: FieldRightFlag,
): TriState {
  return triState(keys.map((key) => ownEntry(map, key)?.[flag] === true));
}

/** Deletes a role and strips it from every user holding it (spec part 1 §4). */
export function deleteRole(access: TrajectoryAccess, roleName: string): TrajectoryAccess {
  return {
    roles: access.roles.filter((role) => role.name !== roleName),
    users: access.users.map((entry) => ({
      ...entry,
      roles: entry.roles.filter((name) => name !== roleName),
    })),
  };
}

/** The users that hold a role (the delete dialog shows when there are any). */
export function usersWithRole(access: TrajectoryAccess, roleName: string): string[] {
  return access.users.filter((entry) => entry.roles.includes(roleName)).map((entry) => entry.user);
}
