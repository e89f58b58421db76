import { type Field, type RatingField, type RatingInfo, resizeRatingInfo } from '@groeipad/core';
import { Checkbox, Group, NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CommitTextInput } from '../commit-input';
import { useFieldBuilder } from './builder-context';
import { ColourField } from './colour-field';

/** The largest number of score entries the score count offers. */
const MAX_SCORES = 20;

/**
 * A rating field (spec part 1 §3, part 2 §5): the override flag and its score entries (name,
 * description, colour). The score count adds entries (gold by default) or removes them from the end.
 */
export function RatingEditor({ field }: { field: RatingField }) {
  const { t } = useTranslation();
  const builder = useFieldBuilder();
  const disabled = !builder.writable;
  const update = (change: (field: RatingField) => Partial<RatingField>) =>
    builder.update(field.uuid, (current) =>
      current.type === 'rating' ? ({ ...current, ...change(current) } as Field) : current,
    );
  const setEntry = (index: number, change: Partial<RatingInfo>) =>
    update((current) => ({
      info: current.info.map((entry, at) => (at === index ? { ...entry, ...change } : entry)),
    }));

  return (
    <Stack gap="xs">
      <Group gap="md" align="flex-end" wrap="wrap">
        <NumberInput
          label={t('blueprintEditors.rating.count')}
          value={field.info.length}
          min={0}
          max={MAX_SCORES}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          onChange={(value) => {
            if (typeof value !== 'number') return;
            update((current) => ({ info: resizeRatingInfo(current.info, Math.min(value, MAX_SCORES)) }));
          }}
          disabled={disabled}
          w={160}
        />
        <Checkbox
          label={t('blueprintEditors.rating.override')}
          checked={field.override}
          onChange={(event) => {
            const override = event.currentTarget.checked;
            update(() => ({ override }));
          }}
          disabled={disabled}
          mb={8}
        />
      </Group>
      {field.info.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a score entry is its position (score index + 1)
        <Paper key={index} withBorder radius="sm" p="xs" data-testid={`score-${index + 1}`}>
          <Text size="sm" fw={600} mb={4}>
            {t('blueprintEditors.rating.score', { number: index + 1 })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
            <CommitTextInput
              label={t('blueprintEditors.rating.name')}
              value={entry.name}
              onCommit={(name) => setEntry(index, { name })}
              disabled={disabled}
            />
            <CommitTextInput
              label={t('blueprintEditors.rating.description')}
              value={entry.description}
              onCommit={(description) => setEntry(index, { description })}
              disabled={disabled}
            />
            <ColourField
              label={t('blueprintEditors.rating.colour')}
              value={entry.colour}
              onCommit={(colour) => setEntry(index, { colour })}
              disabled={disabled}
            />
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}
