import {
  type CompetenceLevel,
  type CompetenceListField,
  canAddCompetenceLevel,
  type Field,
} from '@groeipad/core';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  TagsInput,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldBuilder } from './builder-context';

/**
 * The levels of a competence-list field, each a level number with its elements. A new level number must
 * be a whole number of at least 1 that is not in use yet; otherwise Add is disabled (spec part 2 §5).
 */
export function LevelsEditor({ field }: { field: CompetenceListField }) {
  const { t } = useTranslation();
  const builder = useFieldBuilder();
  const disabled = !builder.writable;
  const nextFree = () => {
    let level = 1;
    while (field.levels.some((existing) => existing.level === level)) level += 1;
    return level;
  };
  const [level, setLevel] = useState<string | number>('');
  const wanted = typeof level === 'number' ? level : Number.NaN;
  const canAdd = canAddCompetenceLevel(field.levels, wanted);

  const setLevels = (change: (levels: CompetenceLevel[]) => CompetenceLevel[]) =>
    builder.update(field.uuid, (current) =>
      current.type === 'competence_list'
        ? ({ ...current, levels: change(current.levels) } as Field)
        : current,
    );

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!canAdd) return;
    setLevels((levels) => [...levels, { level: wanted, elements: [] }].sort((a, b) => a.level - b.level));
    setLevel('');
  };

  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('blueprintEditors.levels.title')}
      </Text>
      {field.levels.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('blueprintEditors.levels.empty')}
        </Text>
      ) : null}
      {field.levels.map((entry) => {
        const label = t('blueprintEditors.levels.level', { level: entry.level });
        return (
          <Paper key={entry.level} withBorder radius="sm" p="xs">
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TagsInput
                label={label}
                description={t('blueprintEditors.levels.elementsHint')}
                value={entry.elements}
                onChange={(elements) =>
                  setLevels((levels) =>
                    levels.map((item) => (item.level === entry.level ? { ...item, elements } : item)),
                  )
                }
                disabled={disabled}
                style={{ flex: 1, minWidth: 0 }}
              />
              <Tooltip label={t('blueprintEditors.levels.remove', { level: entry.level })}>
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  size={36}
                  aria-label={t('blueprintEditors.levels.remove', { level: entry.level })}
                  onClick={() => setLevels((levels) => levels.filter((item) => item.level !== entry.level))}
                  disabled={disabled}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Paper>
        );
      })}
      {builder.writable ? (
        <form onSubmit={add} aria-label={t('blueprintEditors.levels.addTitle')}>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <NumberInput
              label={t('blueprintEditors.levels.number')}
              placeholder={String(nextFree())}
              value={level}
              onChange={setLevel}
              allowDecimal={false}
              clampBehavior="none"
              error={level !== '' && !canAdd ? t('blueprintEditors.levels.numberInvalid') : undefined}
              style={{ flex: '0 1 280px' }}
            />
            <Button type="submit" variant="default" leftSection={<IconPlus size={16} />} disabled={!canAdd}>
              {t('blueprintEditors.levels.add')}
            </Button>
          </Group>
        </form>
      ) : null}
    </Stack>
  );
}
