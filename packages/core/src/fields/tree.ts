import type { Field } from '../contract/fields.ts';
import { fieldNameWithoutDots } from './values.ts';

/** The rights key of a field uuid: the part before the first '#' (the rest is a label). */
export function fieldKey(uuid: string): string {
  const hash = uuid.indexOf('#');
  return hash === -1 ? uuid : uuid.slice(0, hash);
}

/** The label of a field uuid: the part after the first '#', or null when there is none. */
export function fieldLabel(uuid: string): string | null {
  const hash = uuid.indexOf('#');
  return hash === -1 ? null : uuid.slice(hash + 1);
}

/** One visited field: the field, its ancestors (outermost first) and its index path in the tree. */
export interface FieldVisit {
  field: Field;
  ancestors: readonly Field[];
  indexPath: readonly number[];
}

/** Every field of the tree, depth first (a group before its children). */
export function* walkFields(
  fields: readonly Field[],
  ancestors: readonly Field[] = [],
  indexPath: readonly number[] = [],
): Generator<FieldVisit> {
  for (const [index, field] of fields.entries()) {
    const path = [...indexPath, index];
    yield { field, ancestors, indexPath: path };
    if (field.type === 'group') yield* walkFields(field.children, [...ancestors, field], path);
  }
}

/** The fields whose full name path (group names, then the field name) equals `path`. */
export function findFieldsByPath(fields: readonly Field[], path: readonly string[]): Field[] {
  const [head, ...rest] = path;
  if (head === undefined) return [];
  const matches = fields.filter((field) => field.name === head);
  if (rest.length === 0) return matches;
  return matches.flatMap((field) => (field.type === 'group' ? findFieldsByPath(field.children, rest) : []));
}

/** The first field with this uuid anywhere in the tree. */
export function findFieldByUuid(fields: readonly Field[], uuid: string): Field | undefined {
  for (const { field } of walkFields(fields)) if (field.uuid === uuid) return field;
  return undefined;
}

/** The JSON Pointer of a field inside a `{ fields: Field[] }` document, e.g. [1, 0] → '/fields/1/children/0'. */
export function fieldPointer(indexPath: readonly number[]): string {
  return indexPath.map((index, depth) => `${depth === 0 ? '/fields' : '/children'}/${index}`).join('');
}

/**
 * The field-name rule on a whole tree, as the server applies it to every save (spec part 2 §5, D42): every
 * name, in groups too, without dots. What is not a field with a string name is left as it is (the schema
 * judges it); the same tree comes back when no name has a dot.
 */
export function withoutNameDots<T>(fields: readonly T[]): T[] {
  let changed = false;
  const next = fields.map((field): T => {
    if (typeof field !== 'object' || field === null) return field;
    const { name, type, children } = field as { name?: unknown; type?: unknown; children?: unknown };
    let copy: Record<string, unknown> = field as Record<string, unknown>;
    if (typeof name === 'string' && name.includes('.')) copy = { ...copy, name: fieldNameWithoutDots(name) };
    if (type === 'group' && Array.isArray(children)) {
      const cleaned = withoutNameDots(children);
      if (cleaned !== children) copy = { ...copy, children: cleaned };
    }
    if (copy === field) return field;
    changed = true;
    return copy as T;
  });
  return changed ? next : (fields as T[]);
}
