import { type CohortCluster, codedName, type TrajectoryGroup } from '@groeipad/core';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ColumnChoice, columnOptions, optionValue } from '../cohort-columns';

/** The picker's value of a group (D34); the Uncategorised one (value null) cannot clash with a value. */
export function groupOptionValue(value: string | null): string {
  return value === null ? 'u' : `g:${value}`;
}

/** Which group of the list's group-by the grid shows (the Uncategorised group last, as in the list). */
export function GroupPicker({
  groupBy,
  groups,
  value,
  onChange,
}: {
  groupBy: string;
  groups: readonly TrajectoryGroup[];
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  const data = groups.map((group) => ({
    value: groupOptionValue(group.value),
    label: t('trajectories.cohort.groupOption', {
      name: group.value ?? t('trajectories.list.uncategorised'),
      count: group.trajectories.length,
    }),
  }));
  return (
    <NativeSelect
      label={t('trajectories.cohort.group', { key: groupBy })}
      data={data}
      value={groupOptionValue(value)}
      onChange={(event) => {
        const chosen = event.currentTarget.value;
        onChange(chosen === 'u' ? null : chosen.slice(2));
      }}
      miw={200}
    />
  );
}

/** The columns: a whole cluster, or one sub-cluster of it. */
export function ColumnPicker({
  tree,
  choice,
  onChange,
}: {
  tree: readonly CohortCluster[];
  choice: ColumnChoice | null;
  onChange: (choice: ColumnChoice) => void;
}) {
  const { t } = useTranslation();
  const options = columnOptions(tree);
  const data = options.map((option) => ({
    value: option.value,
    label: option.sub
      ? t('trajectories.cohort.subCluster', {
          cluster: codedName(option.cluster),
          name: codedName(option.sub),
        })
      : t('trajectories.cohort.wholeCluster', { name: codedName(option.cluster) }),
  }));
  return (
    <NativeSelect
      label={t('trajectories.cohort.columns')}
      data={data}
      value={optionValue(tree, choice)}
      onChange={(event) => {
        const option = options.find((candidate) => candidate.value === event.currentTarget.value);
        if (option) onChange({ cluster: option.cluster.uuid, sub: option.sub?.uuid ?? null });
      }}
      miw={240}
      maw="100%"
    />
  );
}
