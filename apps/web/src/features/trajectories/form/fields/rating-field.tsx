import type { RatingField, RatingInfo } from '@groeipad/core';
import { Button, ColorSwatch, Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ratingPosition } from '../field-values';
import type { FieldProps } from './field-props';
import { ReadValue } from './read-value';

function EntryLabel({ entry }: { entry: RatingInfo }) {
  return (
    <Group gap={8} wrap="nowrap" component="span">
      <ColorSwatch color={entry.colour} size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
      <span>{entry.name}</span>
    </Group>
  );
}

/** A rating field: one of its score entries, each with its colour and description. */
export function RatingFieldInput({ field, value, editable, error, onChange }: FieldProps<RatingField>) {
  const { t } = useTranslation();
  const position = ratingPosition(field.info, value);
  const entry = position === null ? undefined : field.info[position - 1];
  if (!editable)
    return (
      <ReadValue label={field.name} empty={!entry}>
        {entry ? <EntryLabel entry={entry} /> : null}
      </ReadValue>
    );
  return (
    <Radio.Group
      label={field.name}
      value={position === null ? null : String(position)}
      onChange={(next) => onChange(Number(next))}
      withAsterisk={field.required}
      error={error}
    >
      <Stack gap={8} mt={4}>
        {field.info.map((option, index) => (
          <Radio
            // biome-ignore lint/suspicious/noArrayIndexKey: entries are identified by their position
            key={index}
            value={String(index + 1)}
            label={<EntryLabel entry={option} />}
            description={option.description || undefined}
          />
        ))}
        {position !== null ? (
          <Button variant="subtle" size="compact-sm" onClick={() => onChange(null)} w="fit-content">
            {t('trajectories.form.clearChoice')}
          </Button>
        ) : null}
        {field.info.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('trajectories.form.noEntries')}
          </Text>
        ) : null}
      </Stack>
    </Radio.Group>
  );
}
