import { cleanFieldName, type Field, type FieldType } from '@groeipad/core';
import type { TreeAccess } from '../tree';

/** Fields as a tree: groups hold children, every other type is a leaf. */
export const fieldAccess: TreeAccess<Field> = {
  id: (field) => field.uuid,
  children: (field) => (field.type === 'group' ? field.children : undefined),
  withChildren: (field, children) => (field.type === 'group' ? { ...field, children } : field),
};

/** A new field of `type` named `name` (spec part 1 §3): empty value, not required, type-specific parts empty. */
export function newField(type: FieldType, name: string, uuid: string): Field {
  const base = { uuid, name, required: false };
  switch (type) {
    case 'group':
      return { ...base, type, collapsed: false, children: [] };
    case 'select':
    case 'multi_select':
      return { ...base, type, options: [], value: null };
    case 'rating':
      return { ...base, type, override: false, info: [], value: null };
    case 'competence_list':
      return { ...base, type, levels: [], value: null };
    default:
      return { ...base, type, value: null } as Field;
  }
}

/**
 * The name a field gets on create or rename (spec part 2 §5, core cleanFieldName): dots removed,
 * trimmed; null when nothing is left (the change is then ignored).
 */
export const fieldName = cleanFieldName;

/** A copy of a field for "duplicate": new uuids throughout (children too) and the name with `suffix`. */
export function copyField(field: Field, suffix: string, newUuid: () => string): Field {
  const renew = (node: Field): Field =>
    node.type === 'group'
      ? { ...node, uuid: newUuid(), children: node.children.map(renew) }
      : { ...node, uuid: newUuid() };
  const copy = renew(field);
  return { ...copy, name: fieldName(`${field.name} ${suffix}`) ?? field.name };
}

/** The sibling list a field sits in (the root list or its group's children); the formula's scope. */
export function siblingsOf(fields: readonly Field[], uuid: string): readonly Field[] | null {
  if (fields.some((field) => field.uuid === uuid)) return fields;
  for (const field of fields) {
    if (field.type !== 'group') continue;
    const found = siblingsOf(field.children, uuid);
    if (found) return found;
  }
  return null;
}
