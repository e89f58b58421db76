import { isAdminRole, isPrivateOrganisation, type TrajectoryListItem } from '@groeipad/core';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconRoute } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FailureAlert } from '../../../../components/failure-alert';
import { LoadFailure } from '../../../../components/load-failure';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useSession } from '../../../../lib/use-session';
import { CreateExtractDialog } from '../../../extracts';
import { cohortLink } from '../../cohort/cohort-source';
import { InviteMentorDialog } from '../../detail/components/invite-mentor-dialog';
import { ImportTrajectoriesDialog } from '../../import/components/import-dialog';
import { CohortUpdateDialog } from '../../update/cohort-update-dialog';
import { useGroupedTrajectories } from '../api/use-grouped-trajectories';
import { useInformationKeys } from '../api/use-information-keys';
import { useTrajectoryList } from '../api/use-trajectory-list';
import { CreateTrajectoryDialog } from '../components/create-trajectory-dialog';
import { ListControls } from '../components/list-controls';
import { TrajectoryTable } from '../components/trajectory-table';
import { TrajectoryToolbar } from '../components/trajectory-toolbar';
import { useDeleteConfirmation } from '../components/use-delete-confirmation';
import { localDay } from '../expiry';
import { useGroupBy } from '../group-by-storage';
import {
  chosenTrajectories,
  DEFAULT_SORT,
  isSelectable,
  listEntries,
  nextSort,
  type SortOrder,
  selectAllState,
  toggleAll,
  toggleGroup as toggleGroupSelection,
  toggleOne,
} from '../trajectory-rows';

/** /trajectories: the trajectory list (spec part 1 §2). */
export function TrajectoriesPage() {
  const { t } = useTranslation();
  usePageTitle(t('nav.trajectories'));
  const claims = useSession()?.claims;
  if (!claims || claims.organisation_id === null) return null;
  return (
    <TrajectoryList
      key={`${claims.user_id}.${claims.organisation_id}`}
      userId={claims.user_id}
      organisationId={claims.organisation_id}
      email={claims.sub}
      // The activeUntil cell links to the extension wizard for admins of a private organisation (part 1 §2).
      extendAllowed={isPrivateOrganisation(claims) && isAdminRole(claims.user_role)}
    />
  );
}

interface ListProps {
  userId: number;
  organisationId: number;
  email: string;
  extendAllowed: boolean;
}

function TrajectoryList({ userId, organisationId, email, extendAllowed }: ListProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const full = useMediaQuery('(min-width: 75em)', true, { getInitialValueInEffect: false });
  const { groupBy, recent, setGroupBy } = useGroupBy(userId, organisationId);
  const list = useTrajectoryList(groupBy === null);
  const grouped = useGroupedTrajectories(groupBy);
  const query = groupBy === null ? list : grouped;
  const [search, setSearch] = useState('');
  const [showInactive, setShowInactive] = useState(false);
  const [attentionWeeks, setAttentionWeeks] = useState<number | null>(null);
  const [sort, setSort] = useState<SortOrder>(DEFAULT_SORT);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [extracting, setExtracting] = useState<readonly TrajectoryListItem[] | null>(null);
  const [suggest, setSuggest] = useState(false);
  const [invitingMentor, setInvitingMentor] = useState<readonly TrajectoryListItem[] | null>(null);
  const [updating, setUpdating] = useState<readonly TrajectoryListItem[] | null>(null);
  const deletion = useDeleteConfirmation((ids) =>
    setSelected((current) => new Set([...current].filter((id) => !ids.includes(id)))),
  );

  // Group-by suggestions: keys used before, then the information keys the trajectories hold (read on first use).
  const fieldNames = useInformationKeys(suggest).data ?? [];
  const suggestionKey = [...recent, ...fieldNames].join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: suggestionKey stands for recent and fieldNames
  const suggestions = useMemo(() => [...new Set([...recent, ...fieldNames])], [suggestionKey]);

  const today = localDay(new Date());
  const flat = list.data ?? null;
  const groups = groupBy === null ? null : (grouped.data ?? null);
  const { entries, rows, total } = useMemo(
    () =>
      listEntries(
        flat ?? [],
        groups,
        { search, showInactive, today, sort, language: i18n.language, attentionWeeks },
        collapsed,
      ),
    [flat, groups, search, showInactive, today, sort, i18n.language, attentionWeeks, collapsed],
  );
  const all: readonly TrajectoryListItem[] | null = groups ? groups.flatMap((g) => g.trajectories) : flat;
  const chosen = chosenTrajectories(rows, selected);

  const toggleGroup = (key: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  let body: ReactNode;
  if (query.isError && !query.data) {
    body = (
      <LoadFailure
        message={t('loadDocumentError', { document: t('trajectories.list.documentList') })}
        query={query}
      />
    );
  } else if (!all) {
    body = (
      <Stack gap="xs" aria-busy>
        <Skeleton h={48} radius="md" />
        <Skeleton h={48} radius="md" />
        <Skeleton h={48} radius="md" />
      </Stack>
    );
  } else if (all.length === 0) {
    body = (
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="xs" ta="center" role="status">
          <IconRoute size={36} stroke={1.5} aria-hidden color="var(--mantine-color-green-8)" />
          <Text fw={600}>{t('trajectories.list.emptyTitle')}</Text>
          <Text size="sm" c="dark.4" maw={460}>
            {t('trajectories.list.empty')}
          </Text>
          <Button mt="xs" onClick={() => setCreating(true)}>
            {t('trajectories.list.new')}
          </Button>
        </Stack>
      </Paper>
    );
  } else if (total === 0) {
    body = (
      <Text c="dark.4" size="sm" py="md" ta="center" role="status">
        {attentionWeeks !== null
          ? t('trajectories.list.attention.none')
          : !showInactive && search.trim() === ''
            ? t('trajectories.list.allInactive')
            : t('noFilteredDataFound')}
      </Text>
    );
  } else {
    body = (
      <TrajectoryTable
        entries={entries}
        selected={selected}
        selectAll={selectAllState(rows, selected)}
        nothingSelectable={!rows.some(isSelectable)}
        sort={sort}
        today={today}
        extendAllowed={extendAllowed}
        layout={wide ? (full ? 'full' : 'medium') : 'phone'}
        onToggle={(item) => setSelected((current) => toggleOne(current, item))}
        onToggleAll={() => setSelected((current) => toggleAll(rows, current))}
        onSort={(column) => setSort((current) => nextSort(current, column))}
        onToggleGroup={toggleGroup}
        onSelectGroup={(items) => setSelected((current) => toggleGroupSelection(items, current))}
      />
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">
          {t('nav.trajectories')}
        </Title>
        {all && all.length > 0 ? (
          <Text size="sm" c="dark.4" aria-live="polite" data-testid="trajectory-count">
            {t('trajectories.list.count', { count: total, selected: chosen.length })}
          </Text>
        ) : null}
      </Group>
      <TrajectoryToolbar
        wide={wide}
        hasSelection={chosen.length > 0}
        deleting={deletion.isPending}
        onNew={() => setCreating(true)}
        onImport={() => setImporting(true)}
        onExtract={() => setExtracting(chosen)}
        onInviteMentor={() => setInvitingMentor(chosen)}
        onDelete={() => deletion.confirm(chosen)}
        onUpdate={() => setUpdating(chosen)}
        onCohort={() =>
          navigate(
            cohortLink({
              selected: chosen.map((item) => item.id),
              groupBy,
              shown: rows.map((item) => item.id),
            }),
          )
        }
      />
      <ListControls
        search={search}
        onSearch={setSearch}
        showInactive={showInactive}
        onShowInactive={setShowInactive}
        attentionWeeks={attentionWeeks}
        onAttentionWeeks={setAttentionWeeks}
        groupBy={groupBy}
        onGroupBy={(key) => {
          setGroupBy(key);
          setCollapsed(new Set());
        }}
        groupBySuggestions={suggestions}
        onGroupByFocus={() => setSuggest(true)}
      />
      {query.isError && query.data ? (
        <FailureAlert message={t('loadDocumentError', { document: t('trajectories.list.documentList') })} />
      ) : null}
      {body}
      {creating ? <CreateTrajectoryDialog creatorEmail={email} onClose={() => setCreating(false)} /> : null}
      {importing ? (
        <ImportTrajectoriesDialog creatorEmail={email} onClose={() => setImporting(false)} />
      ) : null}
      {invitingMentor ? (
        <InviteMentorDialog trajectories={invitingMentor} opened onClose={() => setInvitingMentor(null)} />
      ) : null}
      {updating ? <CohortUpdateDialog trajectories={updating} onClose={() => setUpdating(null)} /> : null}
      {extracting ? (
        <CreateExtractDialog
          trajectories={extracting}
          onClose={() => setExtracting(null)}
          onCreated={() => setSelected(new Set())}
        />
      ) : null}
    </Stack>
  );
}
