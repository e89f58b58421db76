import { EXTRACT_ZIP_MAX, type ExtractListEntry } from '@groeipad/core';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconFileTypePdf } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FailureAlert } from '../../../components/failure-alert';
import { LoadFailure } from '../../../components/load-failure';
import { notifyApiFailure, notifyFailure, notifySuccess } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSession } from '../../../lib/use-session';
import { localDay } from '../../trajectories';
import { downloadExtractsZip } from '../api/download-extract';
import { useDeleteExtracts, useRetryExtract, useSetExtractStatus } from '../api/use-extract-actions';
import { useExtractList } from '../api/use-extract-list';
import { ExtractFilters } from '../components/extract-filters';
import { ExtractTable } from '../components/extract-table';
import { ExtractToolbar } from '../components/extract-toolbar';
import { ShareDialog } from '../components/share-dialog';
import {
  chosenExtracts,
  EMPTY_FILTER,
  type ExtractFilter,
  isFiltered,
  listQuery,
  selectAllState,
  toggleAll,
  toggleOne,
} from '../extract-rows';

/** /extracts: the extracts the user made or that were shared with them (spec part 2 §2; D17, D26, D37). */
export function ExtractsPage() {
  const { t } = useTranslation();
  usePageTitle(t('nav.extracts'));
  const claims = useSession()?.claims;
  if (!claims || claims.organisation_id === null) return null;
  return <ExtractList key={`${claims.user_id}.${claims.organisation_id}`} />;
}

function ExtractList() {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const today = localDay(new Date());
  const [filter, setFilter] = useState<ExtractFilter>(EMPTY_FILTER);
  // The search goes to the server: ask once typing pauses, not on every key.
  const [search] = useDebouncedValue(filter.search, 300);
  const query = listQuery({ ...filter, search }, today);
  const list = useExtractList(query);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [sharing, setSharing] = useState<ExtractListEntry[] | null>(null);
  const remove = useDeleteExtracts();
  const status = useSetExtractStatus();
  const retry = useRetryExtract();

  const rows = list.data ?? [];
  const chosen = chosenExtracts(rows, selected);
  const documentOf = (extract: ExtractListEntry) =>
    t('extracts.documentNamed', { name: extract.name, trajectory: extract.trajectoryName });
  const dropFromSelection = (done: readonly ExtractListEntry[]) =>
    setSelected(
      (current) => new Set([...current].filter((id) => !done.some((extract) => extract.id === id))),
    );

  const confirmDelete = () => {
    const extracts = chosen;
    const only = extracts.length === 1 ? extracts[0] : undefined;
    const document = only ? documentOf(only) : t('extracts.documentCount', { count: extracts.length });
    modals.openConfirmModal({
      title: t('deleteDocumentTitle'),
      children: <Text size="sm">{t('deleteDocumentMessage', { document })}</Text>,
      labels: { confirm: t('extracts.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red.8' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () =>
        remove.mutate(extracts, {
          onSuccess: ({ done, failed }) => {
            if (done.length > 0) notifySuccess(t, t('extracts.deleted', { count: done.length }));
            dropFromSelection(done);
            for (const { extract, error } of failed)
              notifyApiFailure(t, t('deleteDocumentError', { document: documentOf(extract) }), error);
          },
        }),
    });
  };

  const changeStatus = () => {
    const target = filter.archived ? 'ACTIVE' : 'ARCHIVED';
    status.mutate(
      { extracts: chosen, status: target },
      {
        onSuccess: ({ done, failed }) => {
          if (done.length > 0)
            notifySuccess(
              t,
              t(target === 'ARCHIVED' ? 'extracts.archived' : 'extracts.restored', { count: done.length }),
            );
          dropFromSelection(done);
          const key = target === 'ARCHIVED' ? 'extracts.archiveError' : 'extracts.restoreError';
          for (const { extract, error } of failed)
            notifyApiFailure(t, t(key, { document: documentOf(extract) }), error);
        },
      },
    );
  };

  // The zip holds the selected extracts whose PDF is ready (D37); the others are named as left out.
  const [zipping, setZipping] = useState(false);
  const ready = chosen.filter((extract) => extract.state === 'READY');
  const downloadZip = () => {
    if (ready.length > EXTRACT_ZIP_MAX) {
      notifyFailure(t, t('extracts.zipFailed'), t('extracts.zipTooMany', { max: EXTRACT_ZIP_MAX }));
      return;
    }
    setZipping(true);
    downloadExtractsZip(
      ready.map((extract) => extract.id),
      t('extracts.zipFileName', { date: today }),
    )
      .then(() => {
        const left = chosen.length - ready.length;
        if (left > 0) notifySuccess(t, t('extracts.zipLeftOut', { count: left }));
      })
      .catch((error: unknown) => notifyApiFailure(t, t('extracts.zipFailed'), error))
      .finally(() => setZipping(false));
  };

  const retryOne = (extract: ExtractListEntry) =>
    retry.mutate(extract, {
      onSuccess: () => notifySuccess(t, t('extracts.retried')),
      onError: (error) => notifyApiFailure(t, t('extracts.retryError'), error),
    });

  let body: ReactNode;
  if (list.isError && !list.data) {
    body = (
      <LoadFailure message={t('loadDocumentError', { document: t('extracts.documentList') })} query={list} />
    );
  } else if (!list.data) {
    body = (
      <Stack gap="xs" aria-busy>
        <Skeleton h={52} radius="md" />
        <Skeleton h={52} radius="md" />
        <Skeleton h={52} radius="md" />
      </Stack>
    );
  } else if (rows.length === 0 && isFiltered(query)) {
    body = (
      <Text c="dark.4" size="sm" py="md" ta="center" role="status">
        {t('noFilteredDataFound')}
      </Text>
    );
  } else if (rows.length === 0 && query.status === 'ARCHIVED') {
    body = (
      <Text c="dark.4" size="sm" py="md" ta="center" role="status">
        {t('extracts.noneArchived')}
      </Text>
    );
  } else if (rows.length === 0) {
    body = (
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="xs" ta="center" role="status" data-testid="extracts-empty">
          <IconFileTypePdf size={36} stroke={1.5} aria-hidden color="var(--mantine-color-green-8)" />
          <Text fw={600}>{t('extracts.emptyTitle')}</Text>
          <Text size="sm" c="dark.4" maw={480}>
            {t('extracts.empty')}
          </Text>
          <Button mt="xs" component={Link} to="/trajectories">
            {t('extracts.toTrajectories')}
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <ExtractTable
        rows={rows}
        selected={selected}
        selectAll={selectAllState(rows, selected)}
        onToggle={(id) => setSelected((current) => toggleOne(current, id))}
        onToggleAll={() => setSelected((current) => toggleAll(rows, current))}
        onUsers={(extract) => setSharing([extract])}
        onRetry={retryOne}
        retrying={retry.isPending ? (retry.variables?.id ?? null) : null}
        wide={wide}
      />
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">
          {t('nav.extracts')}
        </Title>
        {rows.length > 0 ? (
          <Text size="sm" c="dark.4" aria-live="polite" data-testid="extract-count">
            {t('extracts.count', { count: rows.length, selected: chosen.length })}
          </Text>
        ) : null}
      </Group>
      <ExtractToolbar
        wide={wide}
        hasSelection={chosen.length > 0}
        archived={filter.archived}
        deleting={remove.isPending}
        changingStatus={status.isPending}
        onDelete={confirmDelete}
        onStatus={changeStatus}
        onShare={() => setSharing(chosen)}
        readyCount={ready.length}
        zipping={zipping}
        onDownloadZip={downloadZip}
      />
      <ExtractFilters
        value={filter}
        onChange={(next) => {
          if (next.archived !== filter.archived) setSelected(new Set());
          setFilter(next);
        }}
        today={today}
      />
      {list.isError && list.data ? (
        <FailureAlert message={t('loadDocumentError', { document: t('extracts.documentList') })} />
      ) : null}
      {body}
      {sharing ? <ShareDialog extracts={sharing} onClose={() => setSharing(null)} /> : null}
    </Stack>
  );
}
