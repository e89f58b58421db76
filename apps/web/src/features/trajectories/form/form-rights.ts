import {
  type Field,
  type FieldAccess,
  fieldAccessByUuid,
  informationFieldAccess,
  type TrajectoryAccess,
  userRoles,
} from '@groeipad/core';

/**
 * What the signed-in user may do with each field of the form (spec part 1 §6): core resolves the
 * information rights of the user's roles (inheritance from groups and the root, OR over roles, hidden
 * only when nothing grants read). The server already left out what the user may not read (D18); this
 * adds which of the remaining fields they may write.
 */
export type FormRights = ReadonlyMap<string, FieldAccess>;

const NO_ACCESS: FieldAccess = { read: false, write: false, hidden: false };

export function formRights(fields: readonly Field[], access: TrajectoryAccess, email: string): FormRights {
  return fieldAccessByUuid(informationFieldAccess(fields, userRoles(access, email)));
}

export function accessOf(rights: FormRights, uuid: string): FieldAccess {
  return rights.get(uuid) ?? NO_ACCESS;
}

/** True when some field of the tree may be written (the form then has something to edit). */
export function anyWritable(rights: FormRights): boolean {
  for (const entry of rights.values()) if (entry.write) return true;
  return false;
}

/**
 * True when the user's roles grant read (or write) on some information field at all: with an empty
 * form this tells "no fields" apart from "no access" (noAccess, spec part 1 §6).
 */
export function rolesReadInformation(access: TrajectoryAccess, email: string): boolean {
  return userRoles(access, email).some((role) =>
    Object.values(role.informationRights).some((rights) => rights.read || rights.write),
  );
}

/**
 * The fields to show: only readable ones, and a group's children only with read on them (spec part 1
 * §6: group children are shown only if read is on).
 */
export function readableFields(fields: readonly Field[], rights: FormRights): Field[] {
  const kept: Field[] = [];
  for (const field of fields) {
    if (!accessOf(rights, field.uuid).read) continue;
    kept.push(
      field.type === 'group' ? { ...field, children: readableFields(field.children, rights) } : field,
    );
  }
  return kept;
}
