import type { HistoryPerson } from '@groeipad/core';
import { Button, Group, Select, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../../components/day-input';
import { filterActive, type HistoryFilter, NO_FILTER, rangeBackwards } from '../history-format';

/**
 * Who and when (issue 9): the person who saved (everyone with a listed save) and a period of days, typed
 * or picked as dd/MM/yyyy, both ends included.
 */
export function HistoryFilters({
  people,
  value,
  onChange,
}: {
  people: readonly HistoryPerson[];
  value: HistoryFilter;
  onChange: (value: HistoryFilter) => void;
}) {
  const { t } = useTranslation();
  const dateProps = {
    placeholder: t('trajectories.history.datePlaceholder'),
    clearable: true,
    popoverProps: { withinPortal: true },
  } as const;
  const options = people.map((person) => ({
    value: String(person.id),
    label: person.name ? `${person.name} (${person.email})` : person.email,
  }));
  return (
    <Stack gap="xs" role="search" aria-label={t('trajectories.history.filterTitle')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label={t('trajectories.history.person')}
          placeholder={t('trajectories.history.everyone')}
          data={options}
          value={value.person === null ? null : String(value.person)}
          onChange={(chosen) => onChange({ ...value, person: chosen === null ? null : Number(chosen) })}
          clearable
          clearButtonProps={{ 'aria-label': t('trajectories.history.clearPerson') }}
          searchable
          nothingFoundMessage={t('common.nothingFound')}
          comboboxProps={{ withinPortal: true }}
          data-testid="history-person"
        />
        <DayInput
          {...dateProps}
          label={t('trajectories.history.from')}
          value={value.from}
          onChange={(from) => onChange({ ...value, from: from ?? null })}
          clearButtonProps={{ 'aria-label': t('trajectories.history.clearFrom') }}
        />
        <DayInput
          {...dateProps}
          label={t('trajectories.history.to')}
          value={value.to}
          onChange={(to) => onChange({ ...value, to: to ?? null })}
          clearButtonProps={{ 'aria-label': t('trajectories.history.clearTo') }}
          error={rangeBackwards(value) ? t('trajectories.history.backwards') : undefined}
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button
          variant="default"
          size="compact-sm"
          disabled={!filterActive(value)}
          onClick={() => onChange(NO_FILTER)}
        >
          {t('trajectories.history.clearFilter')}
        </Button>
      </Group>
    </Stack>
  );
}
