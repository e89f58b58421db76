import type { Competence } from '@groeipad/core';
import { Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { blueprintContentQuery, useBlueprintContent } from '../../api/use-blueprint-content';
import { useBlueprintsOfType } from '../../api/use-blueprint-list';
import { clusterChoices, clusterNames } from './cluster-paths';

type ListContent = { competences: Competence[] };

/** Where a stored cluster path is found: the competence list holding it and the names along it. */
function useClusterLocation(cluster: string | null, listIds: readonly number[]) {
  const contents = useQueries({
    queries: (cluster ? listIds : []).map((id) => blueprintContentQuery<ListContent>('COMPETENCE_LIST', id)),
  });
  if (!cluster) return { found: null, searching: false };
  for (const [index, content] of contents.entries()) {
    const names = content.data ? clusterNames(content.data.competences ?? [], cluster) : null;
    if (names) return { found: { listId: listIds[index]!, names }, searching: false };
  }
  return { found: null, searching: contents.some((content) => content.isPending) };
}

interface Props {
  widgetName: string;
  cluster: string | null;
  disabled: boolean;
  onChange: (cluster: string | null) => void;
}

/**
 * The cluster an evaluation-scores widget is limited to (D20): pick a competence-list blueprint, then
 * one of its clusters or sub-clusters; the path of cluster uuids is stored, the names are shown.
 */
export function ClusterPicker({ widgetName, cluster, disabled, onChange }: Props) {
  const { t } = useTranslation();
  const lists = useBlueprintsOfType('COMPETENCE_LIST');
  const listIds = (lists.data ?? []).map((list) => list.id);
  const location = useClusterLocation(cluster, listIds);
  const [chosenList, setChosenList] = useState<number | null>(null);
  const listId = chosenList ?? location.found?.listId ?? null;
  const content = useBlueprintContent<ListContent>('COMPETENCE_LIST', listId);
  const choices = clusterChoices(content.data?.competences ?? []);
  const known = cluster === null || choices.some((choice) => choice.value === cluster);

  const current =
    cluster === null
      ? t('blueprintEditors.dashboard.wholeEvaluation')
      : location.found
        ? location.found.names.join(' › ')
        : location.searching
          ? t('common.loading')
          : t('blueprintEditors.dashboard.unknownCluster');

  return (
    <Stack gap={6}>
      <Text size="sm">
        <Text span fw={600}>
          {t('blueprintEditors.dashboard.cluster')}:
        </Text>{' '}
        <span data-testid="cluster-names">{current}</span>
      </Text>
      <Group gap="xs" wrap="wrap" align="flex-end">
        <NativeSelect
          label={t('blueprintEditors.dashboard.competenceList')}
          aria-label={t('blueprintEditors.dashboard.competenceListOf', { name: widgetName })}
          value={listId === null ? '' : String(listId)}
          onChange={(event) =>
            setChosenList(event.currentTarget.value === '' ? null : Number(event.currentTarget.value))
          }
          data={[
            { value: '', label: t('blueprintEditors.dashboard.chooseList') },
            ...(lists.data ?? []).map((list) => ({ value: String(list.id), label: list.name })),
          ]}
          disabled={disabled}
          style={{ flex: '1 1 200px' }}
        />
        <NativeSelect
          label={t('blueprintEditors.dashboard.clusterChoice')}
          aria-label={t('blueprintEditors.dashboard.clusterOf', { name: widgetName })}
          value={cluster ?? ''}
          onChange={(event) => onChange(event.currentTarget.value === '' ? null : event.currentTarget.value)}
          data={[
            { value: '', label: t('blueprintEditors.dashboard.wholeEvaluation') },
            ...choices.map((choice) => ({ value: choice.value, label: choice.names.join(' › ') })),
            ...(known || cluster === null ? [] : [{ value: cluster, label: current }]),
          ]}
          disabled={disabled || listId === null}
          style={{ flex: '1 1 240px' }}
        />
      </Group>
    </Stack>
  );
}
