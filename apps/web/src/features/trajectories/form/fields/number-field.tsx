import { type DecimalField, type IntegerField, parseDecimal, parseInteger } from '@groeipad/core';
import { NumberInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from './field-props';
import { ReadValue } from './read-value';

/** The text a number shows with (a Dutch decimal comma in Dutch). */
function numberText(value: number, language: string): string {
  return new Intl.NumberFormat(language === 'nl' ? 'nl-NL' : 'en-GB', { maximumFractionDigits: 10 }).format(
    value,
  );
}

/**
 * An integer or decimal field. What is typed stays as typed while it is not a number yet ("1," on the
 * way to "1,5"); the value follows as soon as it is one (core's strict parsing; a comma or a dot).
 */
export function NumberFieldInput({
  field,
  value,
  editable,
  error,
  onChange,
}: FieldProps<IntegerField | DecimalField>) {
  const { i18n } = useTranslation();
  const number = typeof value === 'number' && Number.isFinite(value) ? value : null;
  const [draft, setDraft] = useState<string | number>(number ?? '');
  // Follow changes from outside (cancel, reload) unless the draft already means the same number.
  useEffect(() => {
    setDraft((current) => (toNumber(current, field.type) === number ? current : (number ?? '')));
  }, [number, field.type]);

  if (!editable)
    return (
      <ReadValue label={field.name} empty={number === null}>
        {number === null ? null : numberText(number, i18n.language)}
      </ReadValue>
    );
  const decimalSeparator = i18n.language === 'nl' ? ',' : '.';
  return (
    <NumberInput
      label={field.name}
      value={draft}
      onChange={(next) => {
        setDraft(next);
        onChange(toNumber(next, field.type));
      }}
      allowDecimal={field.type === 'decimal'}
      decimalSeparator={decimalSeparator}
      inputMode={field.type === 'decimal' ? 'decimal' : 'numeric'}
      withAsterisk={field.required}
      error={error}
      hideControls
    />
  );
}

function toNumber(input: string | number, type: 'integer' | 'decimal'): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  return type === 'integer' ? parseInteger(input) : parseDecimal(input);
}
