import {
  type MultiSelectField,
  parseMultiSelectValue,
  type SelectField,
  type SelectOption,
  serialiseMultiSelectValue,
} from '@groeipad/core';
import { Checkbox, NativeSelect, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from './field-props';
import { ReadValue } from './read-value';
import { ResourceLink } from './resource-link';

/** The attachments of the chosen options, as links (an option may carry files, spec part 1 §3). */
function OptionAttachments({
  options,
  chosen,
}: {
  options: readonly SelectOption[];
  chosen: readonly string[];
}) {
  const { t } = useTranslation();
  const withFiles = options.filter(
    (option) => chosen.includes(option.value) && option.attachments.length > 0,
  );
  if (withFiles.length === 0) return null;
  return (
    <Stack gap={4} mt={4}>
      {withFiles.map((option) => (
        <Stack key={option.value} gap={2}>
          <Text size="xs" c="gray.7">
            {t('trajectories.form.attachments', { option: option.value })}
          </Text>
          {option.attachments.map((id) => (
            <ResourceLink key={id} id={id} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

const uniqueValues = (options: readonly SelectOption[]) => [
  ...new Set(options.map((option) => option.value)),
];

/** A select field: one of its options (a native list, easy on a phone); "no choice" clears it. */
export function SelectFieldInput({ field, value, editable, error, onChange }: FieldProps<SelectField>) {
  const { t } = useTranslation();
  const chosen = typeof value === 'string' ? value : '';
  const attachments = <OptionAttachments options={field.options} chosen={chosen ? [chosen] : []} />;
  if (!editable)
    return (
      <div>
        <ReadValue label={field.name} empty={chosen === ''}>
          {chosen}
        </ReadValue>
        {attachments}
      </div>
    );
  const values = uniqueValues(field.options);
  // A stored value that is no longer an option stays visible (and is in error when required).
  const data = [
    { value: '', label: t('trajectories.form.noChoice') },
    ...(chosen && !values.includes(chosen) ? [chosen] : []).map((other) => ({ value: other, label: other })),
    ...values.map((option) => ({ value: option, label: option })),
  ];
  return (
    <div>
      <NativeSelect
        label={field.name}
        value={chosen}
        onChange={(event) => onChange(event.currentTarget.value)}
        data={data}
        withAsterisk={field.required}
        error={error}
      />
      {attachments}
    </div>
  );
}

/** A multi-select field: a checkbox per option; the value is the JSON text of the chosen ones. */
export function MultiSelectFieldInput({
  field,
  value,
  editable,
  error,
  onChange,
}: FieldProps<MultiSelectField>) {
  const chosen = parseMultiSelectValue(typeof value === 'string' ? value : null);
  const attachments = <OptionAttachments options={field.options} chosen={chosen} />;
  if (!editable)
    return (
      <div>
        <ReadValue label={field.name} empty={chosen.length === 0}>
          {chosen.join(', ')}
        </ReadValue>
        {attachments}
      </div>
    );
  const values = uniqueValues(field.options);
  return (
    <div>
      <Checkbox.Group
        label={field.name}
        value={chosen}
        onChange={(next) =>
          // Kept in the options' order, whatever order they were ticked in.
          onChange(
            next.length === 0
              ? null
              : serialiseMultiSelectValue(values.filter((option) => next.includes(option))),
          )
        }
        withAsterisk={field.required}
        error={error}
      >
        <Stack gap={8} mt={4}>
          {values.map((option) => (
            <Checkbox key={option} value={option} label={option} />
          ))}
        </Stack>
      </Checkbox.Group>
      {attachments}
    </div>
  );
}
