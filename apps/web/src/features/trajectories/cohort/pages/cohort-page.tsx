import {
  businessToday,
  COHORT_MAX,
  type CohortCompetence,
  type CohortGridView,
  type CohortRowView,
  codedName,
  DEFAULT_BUSINESS_TIME_ZONE,
  type TrajectoryGroup,
} from '@groeipad/core';
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFileSpreadsheet, IconLayoutGrid } from '@tabler/icons-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadFailure } from '../../../../components/load-failure';
import { ApiError } from '../../../../lib/api-error';
import { saveBlob } from '../../../../lib/download';
import { notifyFailure } from '../../../../lib/notify';
import { writeSpreadsheet } from '../../../../lib/spreadsheet';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useGroupedTrajectories } from '../../list/api/use-grouped-trajectories';
import { useCohortGrid } from '../api/use-cohort-grid';
import { type ScoringStatus, useCohortScoring } from '../api/use-cohort-scoring';
import { type ColumnChoice, choiceIn, chosenGroups, columnsOf } from '../cohort-columns';
import { cohortSheets, exportFileName } from '../cohort-export';
import { type CohortSource, cohortSourceOf, tooManyForGrid } from '../cohort-source';
import { ColumnPicker, GroupPicker } from '../components/cohort-controls';
import { CohortGrid } from '../components/cohort-grid';

/**
 * /trajectories/cohort: the cohort grid (issue 22) of the trajectories the address names — a selection
 * of the list, or a group of its group-by (D34) — against the competences of one cluster or sub-cluster,
 * scored in place by whoever may, and exported to .xlsx.
 */
export function CohortPage() {
  const { t } = useTranslation();
  usePageTitle(t('trajectories.cohort.title'));
  const [params, setParams] = useSearchParams();
  const source = useMemo(() => cohortSourceOf(params), [params]);
  const setParam = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes))
          if (value === null) next.delete(key);
          else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/trajectories" size="sm" w="fit-content">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('trajectories.cohort.back')}
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        {t('trajectories.cohort.title')}
      </Title>
      <CohortSourceView
        source={source}
        choice={{ cluster: params.get('cluster'), sub: params.get('sub') }}
        onGroup={(value) => setParam({ group: value ?? '' })}
        onColumns={(choice) => setParam({ cluster: choice.cluster, sub: choice.sub })}
      />
    </Stack>
  );
}

interface SourceProps {
  source: CohortSource;
  /** The columns the address names (uuids), if any. */
  choice: { cluster: string | null; sub: string | null };
  onGroup: (value: string | null) => void;
  onColumns: (choice: ColumnChoice) => void;
}

/** From the address to the ids: a group of the group-by is looked up in the grouped list first. */
function CohortSourceView({ source, choice, onGroup, onColumns }: SourceProps) {
  const { t } = useTranslation();
  const grouped = useGroupedTrajectories(source.kind === 'group' ? source.key : null);
  if (source.kind === 'none') return <NoSource />;
  if (source.kind === 'ids') return <CohortView ids={source.ids} choice={choice} onColumns={onColumns} />;
  if (grouped.isError && !grouped.data)
    return (
      <LoadFailure
        message={t('loadDocumentError', { document: t('trajectories.list.documentList') })}
        query={grouped}
      />
    );
  const groups = grouped.data;
  if (!groups) return <Loading />;
  if (groups.length === 0) return <NoSource />;
  const group: TrajectoryGroup =
    groups.find((candidate) => source.value !== undefined && candidate.value === source.value) ?? groups[0]!;
  return (
    <CohortView
      ids={group.trajectories.map((trajectory) => trajectory.id)}
      choice={choice}
      onColumns={onColumns}
      groupPicker={
        <GroupPicker groupBy={source.key} groups={groups} value={group.value} onChange={onGroup} />
      }
    />
  );
}

function Loading() {
  return (
    <Stack gap="xs" aria-busy>
      <Skeleton h={36} radius="md" maw={360} />
      <Skeleton h={240} radius="lg" />
    </Stack>
  );
}

/** Reached without trajectories: how to open the grid from the list. */
function NoSource() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" gap="xs" ta="center" role="status">
        <IconLayoutGrid size={36} stroke={1.5} aria-hidden color="var(--mantine-color-green-8)" />
        <Text fw={600}>{t('trajectories.cohort.noSourceTitle')}</Text>
        <Text size="sm" c="dark.4" maw={520}>
          {t('trajectories.cohort.noSource')}
        </Text>
        <Button component={Link} to="/trajectories" mt="xs">
          {t('trajectories.cohort.toList')}
        </Button>
      </Stack>
    </Paper>
  );
}

interface ViewProps {
  ids: number[];
  choice: SourceProps['choice'];
  onColumns: (choice: ColumnChoice) => void;
  groupPicker?: ReactNode;
}

/** The grid of these trajectories, with its pickers, export and the state of the last save. */
function CohortView({ ids, choice, onColumns, groupPicker }: ViewProps) {
  const { t } = useTranslation();
  const tooMany = tooManyForGrid(ids);
  const grid = useCohortGrid(tooMany ? null : ids);
  const scoring = useCohortScoring(ids);
  const { score } = scoring;
  const onScore = useCallback(
    (row: CohortRowView, competence: CohortCompetence, value: number) =>
      score(row.id, competence.uuid, codedName(competence), value),
    [score],
  );

  let body: ReactNode;
  if (tooMany)
    body = (
      <Alert color="orange" role="alert" title={t('trajectories.cohort.tooManyTitle')}>
        {t('trajectories.cohort.tooMany', { max: COHORT_MAX, count: ids.length })}
      </Alert>
    );
  else if (ids.length === 0) body = <NoSource />;
  else if (grid.error instanceof ApiError && grid.error.status === 404)
    body = (
      <Alert color="red" role="alert" title={t('trajectories.cohort.notFoundTitle')}>
        {t('trajectories.cohort.notFound')}
      </Alert>
    );
  else if (grid.isError && !grid.data)
    body = <LoadFailure message={t('trajectories.cohort.loadFailed')} query={grid} withReason />;
  else if (!grid.data) body = <Loading />;
  else
    body = (
      <Loaded
        grid={grid.data}
        choice={choice}
        onColumns={onColumns}
        onScore={onScore}
        scoring={scoring}
        groupPicker={groupPicker}
      />
    );
  return (
    <>
      {tooMany || !grid.data ? groupPicker : null}
      {body}
    </>
  );
}

interface LoadedProps {
  grid: CohortGridView;
  choice: SourceProps['choice'];
  onColumns: (choice: ColumnChoice) => void;
  onScore: (row: CohortRowView, competence: CohortCompetence, score: number) => void;
  scoring: ReturnType<typeof useCohortScoring>;
  groupPicker: ReactNode;
}

function Loaded({ grid, choice: asked, onColumns, onScore, scoring, groupPicker }: LoadedProps) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const { tree, rows } = grid;
  const choice = useMemo(() => choiceIn(tree, asked.cluster, asked.sub), [tree, asked.cluster, asked.sub]);
  const groups = useMemo(() => chosenGroups(tree, choice), [tree, choice]);
  const columns = columnsOf(groups);
  const cluster = tree.find((candidate) => candidate.uuid === choice?.cluster);
  const shownName = choice?.sub
    ? t('trajectories.cohort.subCluster', {
        cluster: cluster ? codedName(cluster) : undefined,
        name: groups[0] ? codedName(groups[0]) : undefined,
      })
    : cluster
      ? codedName(cluster)
      : '';
  const anyScorable = rows.some((row) => row.evaluation?.canScore);

  const exportGrid = async () => {
    setExporting(true);
    try {
      const blob = await writeSpreadsheet(cohortSheets(t, rows, columns));
      saveBlob(
        blob,
        exportFileName(t('trajectories.cohort.title'), shownName, businessToday(DEFAULT_BUSINESS_TIME_ZONE)),
      );
    } catch {
      notifyFailure(t, t('trajectories.cohort.export.failedTitle'), t('trajectories.cohort.export.failed'));
    } finally {
      setExporting(false);
    }
  };

  const header = (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {groupPicker}
      {tree.length > 0 ? <ColumnPicker tree={tree} choice={choice} onChange={onColumns} /> : null}
      {columns.length > 0 ? (
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          loading={exporting}
          onClick={() => void exportGrid()}
        >
          {t('trajectories.cohort.export.button')}
        </Button>
      ) : null}
    </Group>
  );

  if (tree.length === 0)
    return (
      <>
        {header}
        <Paper withBorder radius="lg" p="xl">
          <Text ta="center" size="sm" role="status">
            {rows.some((row) => row.evaluation)
              ? t('trajectories.cohort.noCompetences')
              : t('trajectories.cohort.noEvaluationRights')}
          </Text>
        </Paper>
      </>
    );

  return (
    <>
      {header}
      <Text size="sm" c="dark.4">
        {t('trajectories.cohort.count', { count: rows.length })}{' '}
        {anyScorable ? t('trajectories.cohort.howToScore') : t('trajectories.cohort.readOnlyAll')}
      </Text>
      <CohortGrid
        label={t('trajectories.cohort.gridLabel', { name: shownName })}
        rows={rows}
        groups={groups}
        showGroups={choice?.sub === null && groups.length > 1}
        saving={scoring.saving}
        failed={scoring.failed}
        onScore={onScore}
      />
      <StatusLine status={scoring.status} />
    </>
  );
}

/** The last save in words, for everyone and read out by screen readers (the cells show it too). */
function StatusLine({ status }: { status: ScoringStatus }) {
  const { t } = useTranslation();
  let text = '';
  if (status?.kind === 'saving') text = t('trajectories.cohort.saving');
  else if (status?.kind === 'saved')
    text = t('trajectories.cohort.saved', {
      name: status.row,
      competence: status.competence,
      score: status.score,
    });
  else if (status?.kind === 'failed') text = t('trajectories.cohort.notSaved');
  return (
    <Text
      size="sm"
      role="status"
      aria-live="polite"
      c={status?.kind === 'failed' ? 'red.8' : 'dark.4'}
      mih={22}
    >
      {text}
    </Text>
  );
}
