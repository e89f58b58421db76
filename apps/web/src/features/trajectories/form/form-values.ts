import {
  type Field,
  formatPointer,
  type JsonValue,
  jsonEqual,
  type PatchOperation,
  walkFields,
} from '@groeipad/core';

/**
 * The values of a trajectory's form (D33): keyed by full field uuid, beside the field tree. The form
 * keeps a saved copy (what the server answered) and an edited copy; saving sends the difference.
 */
export type FormValues = Readonly<Record<string, unknown>>;

/** A value that means "nothing filled in": the key is left out of the map rather than stored empty. */
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** The values with one field's value set; an empty value removes the key. */
export function withValue(values: FormValues, uuid: string, value: unknown): FormValues {
  const next: Record<string, unknown> = { ...values };
  if (isEmptyValue(value)) delete next[uuid];
  else next[uuid] = value;
  return next;
}

/**
 * The JSON Patch that turns the saved values into the edited ones: one operation per changed field at
 * `/values/{uuid}` (D1, D33: values are addressed by uuid, never by position; the uuid is escaped as a
 * JSON Pointer segment, so a `#label` or `/` in it stays one segment). Whole values are replaced (an
 * upload's list of files included), so each operation names exactly one field the server checks.
 */
export function buildFormPatch(saved: FormValues, edited: FormValues): PatchOperation[] {
  const ops: PatchOperation[] = [];
  for (const uuid of Object.keys(saved)) {
    if (isEmptyValue(saved[uuid])) continue;
    if (!Object.hasOwn(edited, uuid) || isEmptyValue(edited[uuid]))
      ops.push({ op: 'remove', path: formatPointer(['values', uuid]) });
  }
  for (const [uuid, value] of Object.entries(edited)) {
    if (isEmptyValue(value)) continue;
    const path = formatPointer(['values', uuid]);
    if (!Object.hasOwn(saved, uuid) || isEmptyValue(saved[uuid])) {
      if (Object.hasOwn(saved, uuid)) ops.push({ op: 'replace', path, value: value as JsonValue });
      else ops.push({ op: 'add', path, value: value as JsonValue });
    } else if (!jsonEqual(saved[uuid] as JsonValue, value as JsonValue)) {
      ops.push({ op: 'replace', path, value: value as JsonValue });
    }
  }
  return ops;
}

/**
 * The field tree with each field's value put back from the values map (core's validity and formula
 * rules read `field.value`). Groups have no value.
 */
export function fieldsWithValues(fields: readonly Field[], values: FormValues): Field[] {
  return fields.map((field) => {
    if (field.type === 'group') return { ...field, children: fieldsWithValues(field.children, values) };
    const value = Object.hasOwn(values, field.uuid) ? values[field.uuid] : undefined;
    return { ...field, value } as Field;
  });
}

/** Every non-group field uuid of the tree. */
export function valueUuids(fields: readonly Field[]): string[] {
  const uuids: string[] = [];
  for (const { field } of walkFields(fields)) if (field.type !== 'group') uuids.push(field.uuid);
  return uuids;
}
