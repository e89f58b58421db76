import type { Field } from '@groeipad/core';
import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import { FormContext, type FormState } from '../../form/form-context';
import { FormFields } from '../../form/form-field';
import type { FormRights } from '../../form/form-rights';
import { type FormValues, fieldsWithValues } from '../../form/form-values';

const NO_ERRORS: ReadonlyMap<string, 'required' | 'invalid'> = new Map();
const ignore = () => undefined;

interface Props {
  /** The fields to show (after the label and name filters). */
  shown: readonly Field[];
  /** Every readable field: formulas compute over all of them, shown or not. */
  readable: readonly Field[];
  values: FormValues;
  rights: FormRights;
  editing?: boolean;
  filtering?: boolean;
  errors?: ReadonlyMap<string, 'required' | 'invalid'>;
  setValue?: (uuid: string, value: unknown) => void;
  /** Element ids of this copy (two reports of the same blueprint can be side by side). */
  idPrefix: string;
}

/**
 * A report's fields, drawn by the information form's field components (form/form-field.tsx): the same
 * inputs, read mode, formulas and file links; editable only in edit mode and where the user may write.
 */
export function ReportForm({
  shown,
  readable,
  values,
  rights,
  editing = false,
  filtering = false,
  errors = NO_ERRORS,
  setValue = ignore,
  idPrefix,
}: Props) {
  const valuedFields = useMemo(() => fieldsWithValues(readable, values), [readable, values]);
  const state: FormState = useMemo(
    () => ({ values, valuedFields, rights, editing, filtering, errors, setValue, idPrefix }),
    [values, valuedFields, rights, editing, filtering, errors, setValue, idPrefix],
  );
  return (
    <FormContext.Provider value={state}>
      <Stack gap="md">
        <FormFields fields={shown} />
      </Stack>
    </FormContext.Provider>
  );
}
