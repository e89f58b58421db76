import { type DateField, isoToDisplayDate } from '@groeipad/core';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../../components/day-input';
import type { FieldProps } from './field-props';
import { ReadValue } from './read-value';

/** The yyyy-MM-dd part of a stored date (a full ISO date-time is accepted too). */
function isoDay(value: unknown): string | null {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
}

/** A date field: shown and typed as dd/MM/yyyy (spec part 1 §5), stored as yyyy-MM-dd. */
export function DateFieldInput({ field, value, editable, error, onChange }: FieldProps<DateField>) {
  const { t } = useTranslation();
  const day = isoDay(value);
  if (!editable)
    return (
      <ReadValue label={field.name} empty={day === null}>
        {day ? isoToDisplayDate(day) : null}
      </ReadValue>
    );
  return (
    <DayInput
      label={field.name}
      value={day}
      onChange={(next) => onChange(next ?? null)}
      placeholder={t('trajectories.form.datePlaceholder')}
      clearable
      clearButtonProps={{ 'aria-label': t('trajectories.form.clearDate', { name: field.name }) }}
      withAsterisk={field.required}
      error={error}
      maw={280}
      popoverProps={{ withinPortal: true }}
    />
  );
}
