import { type Field, fieldError, walkFields } from '@groeipad/core';
import { accessOf, type FormRights } from './form-rights';
import { type FormValues, fieldsWithValues } from './form-values';

/**
 * The fields in error (spec part 1 §5 "Field validity", by core's `fieldError`): required text, url and
 * calculation empty; required select not among its options; required date, decimal and integer without
 * a value; required image without a file. Only fields the user may write count: a required field
 * someone else fills in must not block this user's save. Saving is blocked while any is in error.
 */
export function formErrors(fields: readonly Field[], values: FormValues, rights: FormRights): Set<string> {
  const errors = new Set<string>();
  for (const { field } of walkFields(fieldsWithValues(fields, values))) {
    if (field.type === 'group' || !accessOf(rights, field.uuid).write) continue;
    if (fieldError(field)) errors.add(field.uuid);
  }
  return errors;
}

/**
 * The uuids named by the server's `invalidDocumentContent` answer (field paths like `values.<uuid>` or
 * `values/<uuid>`); a path naming no known field (e.g. just `values`) names none.
 */
export function fieldsNamedByServer(paths: readonly string[], uuids: ReadonlySet<string>): Set<string> {
  const named = new Set<string>();
  for (const path of paths) {
    const rest = path.replace(/^\/?values[./]/, '');
    if (rest === path) continue;
    if (uuids.has(rest)) {
      named.add(rest);
      continue;
    }
    // A dotted path may go deeper than the value itself (`values.<uuid>.0`); uuids may hold dots too.
    for (const uuid of uuids) if (rest.startsWith(`${uuid}.`) || rest.startsWith(`${uuid}/`)) named.add(uuid);
  }
  return named;
}

/**
 * The errors fields show, and how many fields need attention (issue 21): a required field shows its
 * error once touched or once the user asked to see them all (`revealed`); a field the server named
 * always. The count is of every field in error, shown or not (the save bar says it).
 */
export function shownErrors(
  required: ReadonlySet<string>,
  serverInvalid: ReadonlySet<string>,
  touched: ReadonlySet<string>,
  revealed: boolean,
): { errors: Map<string, 'required' | 'invalid'>; problems: number } {
  const errors = new Map<string, 'required' | 'invalid'>();
  for (const uuid of required) if (revealed || touched.has(uuid)) errors.set(uuid, 'required');
  for (const uuid of serverInvalid) errors.set(uuid, 'invalid');
  return { errors, problems: new Set([...required, ...serverInvalid]).size };
}
