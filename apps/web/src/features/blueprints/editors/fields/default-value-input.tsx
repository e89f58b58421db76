import type { Field } from '@groeipad/core';
import { Checkbox, NativeSelect, NumberInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../../components/day-input';
import { CommitTextInput } from '../commit-input';
import { COMMIT_DELAY_MS } from '../use-draft';
import { useFieldBuilder } from './builder-context';

/**
 * A field's value in the blueprint: what a new form starts with, and what calculation previews use.
 * Offered for the types with a simple value (text, url, integer, decimal, date, boolean, select).
 */
export function DefaultValueInput({ field }: { field: Field }) {
  const { t, i18n } = useTranslation();
  const builder = useFieldBuilder();
  const label = t('blueprintEditors.fields.defaultValue');
  const disabled = !builder.writable;
  const setValue = (value: unknown) =>
    builder.update(field.uuid, (current) => ({ ...current, value }) as Field);

  switch (field.type) {
    case 'text':
    case 'url':
      return (
        <CommitTextInput
          label={label}
          value={field.value ?? ''}
          onCommit={(text) => setValue(text === '' ? null : text)}
          disabled={disabled}
        />
      );
    case 'integer':
    case 'decimal':
      return (
        <NumberCommitInput
          label={label}
          value={field.value ?? null}
          decimals={field.type === 'decimal'}
          decimalSeparator={i18n.language === 'nl' ? ',' : '.'}
          onCommit={setValue}
          disabled={disabled}
        />
      );
    case 'date':
      return (
        <DayInput
          label={label}
          value={field.value ? field.value.slice(0, 10) : null}
          onChange={(value) => setValue(value ?? null)}
          placeholder={t('blueprintEditors.fields.datePlaceholder')}
          clearable
          disabled={disabled}
          maw={240}
        />
      );
    case 'boolean':
      return (
        <Checkbox
          label={t('blueprintEditors.fields.defaultOn')}
          checked={field.value === true}
          onChange={(event) => setValue(event.currentTarget.checked)}
          disabled={disabled}
        />
      );
    case 'select':
      return (
        <NativeSelect
          label={label}
          value={field.value ?? ''}
          onChange={(event) => setValue(event.currentTarget.value === '' ? null : event.currentTarget.value)}
          data={[
            { value: '', label: t('blueprintEditors.fields.noDefault') },
            ...[...new Set(field.options.map((option) => option.value))].map((value) => ({
              value,
              label: value,
            })),
          ]}
          disabled={disabled}
          maw={320}
        />
      );
    default:
      return null;
  }
}

function NumberCommitInput({
  label,
  value,
  decimals,
  decimalSeparator,
  onCommit,
  disabled,
}: {
  label: string;
  value: number | null;
  decimals: boolean;
  decimalSeparator: string;
  onCommit: (value: number | null) => void;
  disabled: boolean;
}) {
  const [draft, setDraft] = useState<string | number>(value ?? '');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => setDraft(value ?? ''), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const commit = (current: string | number = draft) => {
    clearTimeout(timer.current);
    const next = typeof current === 'number' && Number.isFinite(current) ? current : null;
    if (next !== value) onCommit(next);
  };
  return (
    <NumberInput
      label={label}
      value={draft}
      onChange={(next) => {
        setDraft(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(next), COMMIT_DELAY_MS);
      }}
      onBlur={() => commit()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      allowDecimal={decimals}
      decimalSeparator={decimalSeparator}
      disabled={disabled}
      maw={240}
    />
  );
}
