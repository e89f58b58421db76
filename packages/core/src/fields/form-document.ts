import type { Field } from '../contract/fields.ts';
import { setEntry } from '../util/own-key.ts';

/** A trajectory's form (D33): the field tree without values, and the values keyed by field uuid. */
export interface FormContent {
  fields: Field[];
  values: Record<string, unknown>;
}

/** The form of a new trajectory from its blueprint's information fields: their values move to `values`. */
export function formFromFields(fields: readonly Field[]): FormContent {
  const values: Record<string, unknown> = {};
  const strip = (list: readonly Field[]): Field[] =>
    list.map((field) => {
      if (field.type === 'group') return { ...field, children: strip(field.children) };
      const { value, ...rest } = field as Field & { value?: unknown };
      if (value !== undefined && value !== null) setEntry(values, field.uuid, value);
      return rest as Field;
    });
  return { fields: strip(fields), values };
}
