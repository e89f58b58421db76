import type { ReportListEntry } from '@groeipad/core';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DayInput } from '../../../../components/day-input';
import { LoadFailure } from '../../../../components/load-failure';
import { PageLoader } from '../../../../components/page-loader';
import { ApiError } from '../../../../lib/api-error';
import { notifyApiFailure, notifySuccess } from '../../../../lib/notify';
import { localDay } from '../../list/expiry';
import { useTrajectoryEditSession } from '../../shared/edit-session';
import { useDeleteReports } from '../api/use-delete-reports';
import { useReportBlueprints } from '../api/use-report-blueprints';
import { useReportList } from '../api/use-report-list';
import { displayDay, listQuery, modifiedFromProblem, reportTypes } from '../report-navigation';
import { reportPath } from '../report-route';
import { CreateReportDialog } from './create-report-dialog';
import classes from './reports.module.css';

/**
 * The reports list (spec part 1 §2 "Reports list"; D16): filter by a changes-start date (no future
 * date; from its midnight) and by type; a create dialog; select and delete with confirmation where the
 * user is admin (spec §6 — each row's `rights.admin`).
 */
export function ReportList({ trajectoryId, all }: { trajectoryId: number; all: readonly ReportListEntry[] }) {
  const { t } = useTranslation();
  const { trajectory } = useTrajectoryEditSession();
  const today = localDay(new Date());
  const [modifiedFrom, setModifiedFrom] = useState<string | null>(null);
  const [blueprintName, setBlueprintName] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [creating, setCreating] = useState(false);
  const query = listQuery({ modifiedFrom, blueprintName }, today);
  const filtered = useReportList(trajectoryId, query);
  const blueprints = useReportBlueprints(trajectoryId);
  const remove = useDeleteReports(trajectoryId);

  const offered = useMemo(
    () => (blueprints.data ?? []).map((blueprint) => blueprint.name),
    [blueprints.data],
  );
  const types = useMemo(() => reportTypes(all, offered), [all, offered]);
  const rows = filtered.data ?? [];
  const selectable = rows.filter((report) => report.rights.admin);
  const chosen = selectable.filter((report) => selected.has(report.id));
  const anyAdmin = all.some((report) => report.rights.admin);
  const dateProblem = modifiedFromProblem(modifiedFrom, today);
  const filtering = query.modifiedFrom !== undefined || query.blueprintName !== undefined;

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected(
      chosen.length === selectable.length ? new Set() : new Set(selectable.map((report) => report.id)),
    );

  const confirmDelete = () => {
    const only = chosen.length === 1 ? chosen[0] : undefined;
    const document = only
      ? t('trajectories.reports.documentNamed', { name: only.name })
      : t('trajectories.reports.documentCount', { count: chosen.length });
    modals.openConfirmModal({
      title: t('deleteDocumentTitle'),
      children: <Text size="sm">{t('deleteDocumentMessage', { document })}</Text>,
      labels: { confirm: t('trajectories.reports.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red.8' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () =>
        remove.mutate(chosen, {
          onSuccess: ({ deleted, failed }) => {
            if (deleted.length > 0)
              notifySuccess(t, t('trajectories.reports.deleted', { count: deleted.length }));
            setSelected(new Set());
            for (const { report, error } of failed) {
              const named = t('trajectories.reports.documentNamed', { name: report.name });
              notifyApiFailure(t, t('deleteDocumentError', { document: named }), error);
            }
          },
        }),
    });
  };

  return (
    <Stack gap="md" data-testid="report-list">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={2} size="h3">
          {t('trajectories.reports.title')}
        </Title>
        <Group
          gap={6}
          wrap="wrap"
          role="toolbar"
          aria-label={t('trajectories.reports.listToolbar')}
          className={classes.noPrint}
        >
          {offered.length > 0 && !trajectory.expired ? (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
              {t('trajectories.reports.new')}
            </Button>
          ) : null}
          {anyAdmin ? (
            <Button
              variant="default"
              color="red.8"
              leftSection={<IconTrash size={18} />}
              disabled={chosen.length === 0}
              loading={remove.isPending}
              onClick={confirmDelete}
            >
              {t('trajectories.reports.delete')}
            </Button>
          ) : null}
        </Group>
      </Group>

      <Group gap="sm" align="flex-start" wrap="wrap" className={classes.noPrint}>
        <DayInput
          label={t('trajectories.reports.modifiedFrom')}
          description={t('trajectories.reports.modifiedFromHint')}
          value={modifiedFrom}
          onChange={(value) => setModifiedFrom(value ?? null)}
          maxDate={today}
          placeholder={t('trajectories.form.datePlaceholder')}
          clearable
          clearButtonProps={{ 'aria-label': t('trajectories.reports.clearModifiedFrom') }}
          error={
            dateProblem
              ? t(`trajectories.reports.${dateProblem === 'future' ? 'futureDate' : 'invalidDate'}`)
              : null
          }
          w={{ base: '100%', xs: 220 }}
          popoverProps={{ withinPortal: true }}
        />
        <NativeSelect
          label={t('trajectories.reports.type')}
          description={t('trajectories.reports.typeHint')}
          data={[{ value: '', label: t('trajectories.reports.allTypes') }, ...types]}
          value={blueprintName ?? ''}
          onChange={(event) => setBlueprintName(event.currentTarget.value || null)}
          w={{ base: '100%', xs: 260 }}
        />
      </Group>

      {filtered.isPending ? (
        <PageLoader />
      ) : filtered.isError ? (
        <ReportListFailure query={filtered} />
      ) : rows.length === 0 ? (
        <Text c="gray.7" data-testid="reports-empty">
          {filtering ? t('trajectories.reports.noneFiltered') : t('trajectories.reports.none')}
        </Text>
      ) : (
        <Table verticalSpacing="xs" highlightOnHover layout="fixed" data-testid="report-table">
          <Table.Thead>
            <Table.Tr>
              {anyAdmin ? (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('trajectories.reports.selectAll')}
                    checked={selectable.length > 0 && chosen.length === selectable.length}
                    indeterminate={chosen.length > 0 && chosen.length < selectable.length}
                    disabled={selectable.length === 0}
                    onChange={toggleAll}
                  />
                </Table.Th>
              ) : null}
              <Table.Th>{t('trajectories.reports.columns.name')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('trajectories.reports.columns.type')}</Table.Th>
              <Table.Th w={{ base: 108, sm: 120 }}>{t('trajectories.reports.columns.created')}</Table.Th>
              <Table.Th w={120} visibleFrom="sm">
                {t('trajectories.reports.columns.modified')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((report) => (
              <Table.Tr key={report.id} data-testid="report-row">
                {anyAdmin ? (
                  <Table.Td>
                    {report.rights.admin ? (
                      <Checkbox
                        aria-label={t('trajectories.reports.select', { name: report.name })}
                        checked={selected.has(report.id)}
                        onChange={() => toggle(report.id)}
                      />
                    ) : null}
                  </Table.Td>
                ) : null}
                <Table.Td className={classes.wrap}>
                  <Anchor component={Link} to={reportPath(trajectoryId, report.id)} fw={600} size="sm">
                    {report.name}
                  </Anchor>
                  <Text size="xs" c="gray.7" hiddenFrom="sm">
                    {report.blueprintName}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm" className={classes.wrap}>
                  <Text size="sm">{report.blueprintName}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {displayDay(report.created)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{displayDay(report.modified)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}

      <CreateReportDialog
        trajectoryId={trajectoryId}
        opened={creating}
        blueprintNames={offered}
        reports={all}
        onClose={() => setCreating(false)}
      />
    </Stack>
  );
}

/** The report list could not be loaded: no access (403) says so, anything else may be tried again. */
export function ReportListFailure({ query }: { query: { error: unknown; refetch: () => unknown } }) {
  const { t } = useTranslation();
  if (query.error instanceof ApiError && query.error.status === 403)
    return (
      <Alert
        color="yellow"
        role="status"
        title={t('noAccess', { section: t('trajectories.reports.section') })}
      />
    );
  return (
    <LoadFailure
      withReason
      message={t('loadDocumentError', { document: t('trajectories.reports.listDocument') })}
      query={query}
    />
  );
}
