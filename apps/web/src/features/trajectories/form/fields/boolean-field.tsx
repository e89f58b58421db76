import type { BooleanField } from '@groeipad/core';
import { Checkbox } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from './field-props';
import { ReadValue } from './read-value';

/** A yes/no field: a checkbox while editing; "yes", "no" or not filled in otherwise. */
export function BooleanFieldInput({ field, value, editable, onChange }: FieldProps<BooleanField>) {
  const { t } = useTranslation();
  if (!editable)
    return (
      <ReadValue label={field.name} empty={typeof value !== 'boolean'}>
        {value === true ? t('trajectories.form.yes') : t('trajectories.form.no')}
      </ReadValue>
    );
  return (
    <Checkbox
      label={field.name}
      checked={value === true}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
