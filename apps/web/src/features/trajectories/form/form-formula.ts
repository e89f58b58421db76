import { type Field, formulaDisplayValue } from '@groeipad/core';

/** The list a field sits in (its group's children, or the root), or null when it is not in the tree. */
export function siblingList(fields: readonly Field[], uuid: string): readonly Field[] | null {
  if (fields.some((field) => field.uuid === uuid)) return fields;
  for (const field of fields) {
    if (field.type !== 'group') continue;
    const found = siblingList(field.children, uuid);
    if (found) return found;
  }
  return null;
}

/**
 * What a calculation field shows (spec part 1 §5, D21): its expression evaluated live by core's formula
 * engine over the form's current values (edits included), its own group searched first; on any error the
 * original expression text. `fields` carry their values (see fieldsWithValues) and are only what the
 * reader may see, so a formula over a hidden field falls back to its text (D18).
 */
export function calculationText(
  fields: readonly Field[],
  uuid: string,
  expression: string,
  now: Date,
): string {
  if (expression.trim() === '') return '';
  const scope = siblingList(fields, uuid) ?? fields;
  return formulaDisplayValue(expression, { fields, scope, now }, uuid);
}
