import { Button, Group, MultiSelect, SimpleGrid, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../../components/day-input';
import { useEvaluationLabels } from '../api/use-evaluation-labels';
import { EMPTY_FILTER, type FilterPanelValues, panelActive, rangeProblem } from '../evaluation-filter';
import { CollapsiblePanel } from './collapsible-panel';

interface Props {
  trajectoryId: number;
  value: FilterPanelValues;
  onChange: (value: FilterPanelValues) => void;
}

/**
 * The filter panel (spec part 1 §2, §5): changes from a day (00:00) until a day (23:59:59.999), typed or
 * picked as dd/MM/yyyy, and competences with any of the chosen labels.
 */
export function FilterPanel({ trajectoryId, value, onChange }: Props) {
  const { t } = useTranslation();
  const labels = useEvaluationLabels(trajectoryId);
  const problem = rangeProblem(value);
  const active = panelActive(value);
  // On a phone the filter starts closed: the competences come first.
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const dateProps = {
    placeholder: t('trajectories.evaluation.datePlaceholder'),
    clearable: true,
    popoverProps: { withinPortal: true },
  } as const;
  return (
    <CollapsiblePanel
      title={t('trajectories.evaluation.filter.title')}
      summary={active ? t('trajectories.evaluation.filter.active') : undefined}
      testId="evaluation-filter"
      defaultOpen={!phone || active}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DayInput
            {...dateProps}
            label={t('trajectories.evaluation.filter.from')}
            value={value.from}
            onChange={(from) => onChange({ ...value, from: from ?? null })}
            clearButtonProps={{ 'aria-label': t('trajectories.evaluation.filter.clearFrom') }}
          />
          <DayInput
            {...dateProps}
            label={t('trajectories.evaluation.filter.until')}
            value={value.until}
            onChange={(until) => onChange({ ...value, until: until ?? null })}
            clearButtonProps={{ 'aria-label': t('trajectories.evaluation.filter.clearUntil') }}
            error={problem ? t(`trajectories.evaluation.filter.${problem}`) : undefined}
          />
        </SimpleGrid>
        <MultiSelect
          label={t('trajectories.evaluation.filter.labels')}
          placeholder={value.labels.length === 0 ? t('trajectories.evaluation.filter.allLabels') : undefined}
          data={labels.data ?? []}
          value={[...value.labels]}
          onChange={(chosen) => onChange({ ...value, labels: chosen })}
          clearable
          clearButtonProps={{ 'aria-label': t('trajectories.evaluation.filter.clearLabels') }}
          nothingFoundMessage={t('common.nothingFound')}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button
            variant="default"
            size="compact-sm"
            disabled={!active}
            onClick={() => onChange(EMPTY_FILTER)}
          >
            {t('trajectories.evaluation.filter.clear')}
          </Button>
        </Group>
      </Stack>
    </CollapsiblePanel>
  );
}
