import type { Field } from '@groeipad/core';

/** The props every field-type component receives from the form. */
export interface FieldProps<F extends Field = Field> {
  field: F;
  /** The field's value as edited (undefined when nothing is filled in). */
  value: unknown;
  /** Edit mode is on and the user may write this field. */
  editable: boolean;
  /** The error text to show at the field, or null. */
  error: string | null;
  /** Sets the value; an empty value (null, '') removes it. */
  onChange(value: unknown): void;
}
