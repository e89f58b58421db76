import type { BlueprintListItem } from '@groeipad/core';
import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLayoutList } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadFailure } from '../../../components/load-failure';
import { notifyApiFailure, notifySuccess } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSession } from '../../../lib/use-session';
import { useProgressReportOptions, useSetDefaultExtract } from '../../extracts';
import { useBlueprintList } from '../api/use-blueprint-list';
import { notifyImported } from '../api/use-frameworks';
import { useLibrary } from '../api/use-library';
import { usePublishBlueprints } from '../api/use-publish-blueprints';
import { FrameworkImportDialog } from '../components/frameworks/framework-import-dialog';
import { BlueprintFilterPanel } from '../components/list/blueprint-filter-panel';
import { BlueprintInfoDialog } from '../components/list/blueprint-info-dialog';
import {
  editorPath,
  listActions,
  selectedBlueprints,
  visibleBlueprints,
} from '../components/list/blueprint-rows';
import { BlueprintTable } from '../components/list/blueprint-table';
import { BlueprintToolbars, type ListCommand } from '../components/list/blueprint-toolbars';
import { CopyBlueprintDialog } from '../components/list/copy-blueprint-dialog';
import { CreateBlueprintDialog } from '../components/list/create-blueprint-dialog';
import { EditBlueprintDialog } from '../components/list/edit-blueprint-dialog';
import { ImportLibraryDialog } from '../components/list/import-library-dialog';
import { RemoveLibraryDialog } from '../components/list/remove-library-dialog';
import { useStoredFilter } from '../components/list/stored-filter';
import { UpdateFromLibraryDialog } from '../components/list/update-from-library-dialog';
import { useDeleteConfirmation } from '../components/list/use-delete-confirmation';

type Dialog = 'create' | 'copy' | 'edit' | 'info' | 'import' | 'unpublish' | 'update' | 'importFramework';

/** /blueprints: the organisation's blueprints with toolbar, library toolbar, filter and table (spec part 2 §2). */
export function BlueprintsPage() {
  const { t } = useTranslation();
  const title = t('nav.blueprints');
  usePageTitle(title);
  const claims = useSession()?.claims;
  if (!claims || claims.organisation_id === null) return null;
  return (
    <BlueprintList
      key={`${claims.user_id}.${claims.organisation_id}`}
      userId={claims.user_id}
      organisationId={claims.organisation_id}
    />
  );
}

function BlueprintList({ userId, organisationId }: { userId: number; organisationId: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const list = useBlueprintList('LIVE');
  const library = useLibrary();
  const publish = usePublishBlueprints();
  const [filter, setFilter] = useStoredFilter(userId, organisationId);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<{ kind: Dialog; blueprint: BlueprintListItem | null } | null>(null);
  const removeSelection = (ids: number[]) =>
    setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))));
  const deletion = useDeleteConfirmation(removeSelection);
  // Issue 31: the organisation's default extract blueprint, and whether this user may choose it.
  const progressReport = useProgressReportOptions();
  const setDefault = useSetDefaultExtract();
  const defaultId = progressReport.data?.default?.id ?? null;

  const rows = useMemo(
    () => visibleBlueprints(list.data ?? [], filter, i18n.language),
    [list.data, filter, i18n.language],
  );
  const chosen = selectedBlueprints(rows, selected);
  const actions = listActions(chosen);
  const entries = library.data ?? null;
  const one = chosen.length === 1 ? (chosen[0] ?? null) : null;

  const run = (command: ListCommand) => {
    if (command === 'refresh') {
      void list.refetch();
      void library.refetch();
      void progressReport.refetch();
    } else if (command === 'makeDefault') {
      if (one?.type === 'EXTRACT')
        setDefault.mutate(one.id, {
          onSuccess: () => notifySuccess(t, t('progressReport.defaultSet', { name: one.name })),
          onError: (error) => notifyApiFailure(t, t('progressReport.defaultError'), error),
        });
    } else if (command === 'new') setDialog({ kind: 'create', blueprint: null });
    else if (command === 'import' || command === 'unpublish' || command === 'importFramework')
      setDialog({ kind: command, blueprint: null });
    else if (command === 'delete') deletion.confirm(chosen);
    else if (command === 'publish') {
      publish.mutate(chosen, {
        onSuccess: ({ published, failed }) => {
          for (const blueprint of published)
            notifySuccess(t, t('blueprintList.library.published', { name: blueprint.name }));
          for (const { blueprint, error } of failed)
            notifyApiFailure(t, t('blueprintList.library.publishError', { name: blueprint.name }), error);
        },
      });
    } else if (one) setDialog({ kind: command, blueprint: one });
  };

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected(chosen.length === rows.length ? new Set() : new Set(rows.map((row) => row.id)));
  const close = () => setDialog(null);
  // The dialog shows the blueprint as the list has it now (after a save, its newer version).
  const target = dialog?.blueprint
    ? (list.data?.find((item) => item.id === dialog.blueprint?.id) ?? dialog.blueprint)
    : null;

  let body: ReactNode;
  if (list.isError) {
    body = (
      <LoadFailure
        message={t('loadDocumentsError', { document: t('blueprintList.documentList') })}
        query={list}
      />
    );
  } else if (!list.data) {
    body = (
      <Stack gap="xs" aria-busy>
        <Skeleton h={48} radius="md" />
        <Skeleton h={48} radius="md" />
        <Skeleton h={48} radius="md" />
      </Stack>
    );
  } else if (list.data.length === 0) {
    body = (
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="xs" ta="center" role="status">
          <IconLayoutList size={36} stroke={1.5} aria-hidden color="var(--mantine-color-green-8)" />
          <Text fw={600}>{t('blueprintList.emptyTitle')}</Text>
          <Text size="sm" c="dark.4" maw={420}>
            {t('blueprintList.empty')}
          </Text>
        </Stack>
      </Paper>
    );
  } else if (rows.length === 0) {
    body = (
      <Text c="dark.4" size="sm" py="md" ta="center" role="status">
        {t('noFilteredDataFound')}
      </Text>
    );
  } else {
    body = (
      <BlueprintTable
        rows={rows}
        selected={selected}
        onToggle={toggle}
        onToggleAll={toggleAll}
        wide={wide}
        showLibrary={entries !== null || rows.some((row) => row.library)}
        defaultId={defaultId}
      />
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">
          {t('nav.blueprints')}
        </Title>
        {list.data && list.data.length > 0 ? (
          <Text size="sm" c="dark.4" aria-live="polite">
            {t('blueprintList.count', { count: rows.length, selected: chosen.length })}
          </Text>
        ) : null}
      </Group>
      <BlueprintToolbars
        wide={wide}
        actions={actions}
        library={
          entries
            ? {
                entries: entries.length,
                publishing: publish.isPending,
                manage: entries.some((entry) => entry.removable) || rows.some((row) => row.abilities.library),
              }
            : null
        }
        refreshing={list.isFetching && !list.isPending}
        deleting={deletion.isPending}
        makeDefault={{
          shown: progressReport.data?.abilities.setDefault === true,
          enabled: one?.type === 'EXTRACT' && one.id !== defaultId,
          pending: setDefault.isPending,
        }}
        onCommand={run}
      />
      <BlueprintFilterPanel filter={filter} onChange={setFilter} />
      {body}
      {dialog?.kind === 'create' ? <CreateBlueprintDialog onClose={close} /> : null}
      {dialog?.kind === 'copy' && target ? <CopyBlueprintDialog source={target} onClose={close} /> : null}
      {dialog?.kind === 'edit' && target ? <EditBlueprintDialog blueprint={target} onClose={close} /> : null}
      {dialog?.kind === 'info' && target ? <BlueprintInfoDialog blueprint={target} onClose={close} /> : null}
      {dialog?.kind === 'import' && entries ? (
        <ImportLibraryDialog entries={entries} onClose={close} />
      ) : null}
      {dialog?.kind === 'update' && target ? (
        <UpdateFromLibraryDialog blueprint={target} onClose={close} />
      ) : null}
      {dialog?.kind === 'importFramework' ? (
        <FrameworkImportDialog
          onClose={close}
          onImported={(result, name) => {
            notifyImported(t, result, name);
            navigate(editorPath('COMPETENCE_LIST', result.id));
          }}
        />
      ) : null}
      {dialog?.kind === 'unpublish' && entries ? (
        <RemoveLibraryDialog entries={entries} selected={chosen} onClose={close} />
      ) : null}
    </Stack>
  );
}
