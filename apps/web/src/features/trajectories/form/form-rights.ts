import { type Field, type FieldAccess, walkFields } from '@groeipad/core';

/** What the signed-in user may do with each field of the form (spec part 1 §6), by uuid. */
export type FormRights = ReadonlyMap<string, FieldAccess>;

const NO_ACCESS: FieldAccess = { read: false, write: false, hidden: false };

/**
 * The rights as the server sent them with the fields: it sends only what the user may read (D18) and the
 * uuids they may write now (`writable`, D1; none while the trajectory is inactive, D12), so the rights
 * are read off the answer instead of worked out again from the access list.
 */
export function formRights(fields: readonly Field[], writable: readonly string[]): FormRights {
  const may = new Set(writable);
  const rights = new Map<string, FieldAccess>();
  for (const { field } of walkFields(fields))
    rights.set(field.uuid, { read: true, write: may.has(field.uuid), hidden: false });
  return rights;
}

export function accessOf(rights: FormRights, uuid: string): FieldAccess {
  return rights.get(uuid) ?? NO_ACCESS;
}

/** True when some field of the tree may be written (the form then has something to edit). */
export function anyWritable(rights: FormRights): boolean {
  for (const entry of rights.values()) if (entry.write) return true;
  return false;
}
