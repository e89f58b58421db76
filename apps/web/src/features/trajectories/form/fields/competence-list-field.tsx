import { type CompetenceListField, fieldLabel } from '@groeipad/core';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from './field-props';
import { ReadValue } from './read-value';

/** What an element shows: its label after '#' when it has one, else the element itself. */
const elementText = (element: string) => fieldLabel(element) ?? element;

/**
 * A competence-list field: one element chosen from its levels, listed per level ("Level 1", …); the value
 * is the element.
 */
export function CompetenceListFieldInput({
  field,
  value,
  editable,
  error,
  onChange,
}: FieldProps<CompetenceListField>) {
  const { t } = useTranslation();
  const chosen = typeof value === 'string' ? value : '';
  const level = field.levels.find((entry) => entry.elements.includes(chosen));
  if (!editable)
    return (
      <ReadValue label={field.name} empty={chosen === ''}>
        {level
          ? `${elementText(chosen)} (${t('trajectories.form.level', { level: level.level })})`
          : elementText(chosen)}
      </ReadValue>
    );
  const known = field.levels.some((entry) => entry.elements.includes(chosen));
  const data = [
    { value: '', label: t('trajectories.form.noChoice') },
    ...(chosen && !known ? [{ value: chosen, label: elementText(chosen) }] : []),
    ...[...field.levels]
      .sort((a, b) => a.level - b.level)
      .map((entry) => ({
        group: t('trajectories.form.level', { level: entry.level }),
        items: [...new Set(entry.elements)].map((element) => ({
          value: element,
          label: elementText(element),
        })),
      })),
  ];
  return (
    <NativeSelect
      label={field.name}
      value={chosen}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={data}
      withAsterisk={field.required}
      error={error}
    />
  );
}
