import type { TrashItem } from '@groeipad/core';
import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../../components/load-failure';
import { errorText } from '../../../lib/api-error';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSession } from '../../../lib/use-session';
import { type TrashOutcome, useTrash, useTrashAction } from '../api/use-trash';
import { TrashTable } from '../components/trash-table';
import { TrashToolbar } from '../components/trash-toolbar';
import { currentSelection, toggleAllTrash, toggleTrashItem } from '../trash-rows';

/** /trash: deleted trajectories and blueprints, restore and delete for good (spec part 2 §2; D13, D38). */
export function TrashPage() {
  const { t } = useTranslation();
  usePageTitle(t('nav.trash'));
  const claims = useSession()?.claims;
  if (!claims || claims.organisation_id === null) return null;
  return <Trash key={`${claims.user_id}.${claims.organisation_id}`} />;
}

/** Success for what went, restoreTrashError / deleteTrashError naming each item that did not. */
function report(
  t: TFunction,
  outcome: TrashOutcome,
  success: string,
  failure: 'restoreTrashError' | 'deleteTrashError',
) {
  if (outcome.done.length > 0) notifySuccess(t, t(success, { count: outcome.done.length }));
  for (const { item, error } of outcome.failed)
    notifyFailure(t, t(failure), t('trash.failedItem', { name: item.name, reason: errorText(t, error) }));
}

function Trash() {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const list = useTrash();
  const restore = useTrashAction('restore');
  const remove = useTrashAction('remove');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const items = list.data ?? [];
  const chosenIds = currentSelection(items, selected);
  const chosen = items.filter((item) => chosenIds.includes(item.id));
  const unselect = (done: readonly TrashItem[]) =>
    setSelected((current) => new Set([...current].filter((id) => !done.some((item) => item.id === id))));

  const onRestore = () =>
    restore.mutate(chosen, {
      onSuccess: (outcome) => {
        report(t, outcome, 'trash.restored', 'restoreTrashError');
        unselect(outcome.done);
      },
    });

  const onDelete = () => {
    const only = chosen.length === 1 ? chosen[0] : undefined;
    const document = only
      ? t('trash.documentNamed', { name: only.name })
      : t('trash.documentCount', { count: chosen.length });
    const targets = [...chosen];
    modals.openConfirmModal({
      title: t('trash.deleteTitle'),
      children: <Text size="sm">{t('trash.deleteMessage', { document })}</Text>,
      labels: { confirm: t('trash.deleteForGood'), cancel: t('common.cancel') },
      confirmProps: { color: 'red.8' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () =>
        remove.mutate(targets, {
          onSuccess: (outcome) => {
            report(t, outcome, 'trash.deleted', 'deleteTrashError');
            unselect(outcome.done);
          },
        }),
    });
  };

  let body: ReactNode;
  if (list.isError) {
    body = <LoadFailure message={t('loadDocumentError', { document: t('trash.document') })} query={list} />;
  } else if (!list.data) {
    body = (
      <Stack gap="xs" aria-busy>
        <Skeleton h={48} radius="md" />
        <Skeleton h={48} radius="md" />
        <Skeleton h={48} radius="md" />
      </Stack>
    );
  } else if (items.length === 0) {
    body = (
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="xs" ta="center" role="status">
          <IconTrash size={36} stroke={1.5} aria-hidden color="var(--mantine-color-green-8)" />
          <Text fw={600}>{t('trash.emptyTitle')}</Text>
          <Text size="sm" c="dark.4" maw={420}>
            {t('trash.empty')}
          </Text>
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <TrashTable
        items={items}
        selected={selected}
        wide={wide}
        onToggle={(id) => setSelected((current) => toggleTrashItem(items, current, id))}
        onToggleAll={() => setSelected((current) => toggleAllTrash(items, current))}
      />
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">
          {t('nav.trash')}
        </Title>
        {items.length > 0 ? (
          <Text size="sm" c="dark.4" aria-live="polite" data-testid="trash-count">
            {t('trash.count', { count: items.length, selected: chosen.length })}
          </Text>
        ) : null}
      </Group>
      <Text size="sm" c="dark.5" maw={720}>
        {t('trash.intro')}
      </Text>
      <TrashToolbar
        wide={wide}
        chosen={chosen.length}
        refreshing={list.isFetching && !list.isPending}
        restoring={restore.isPending}
        deleting={remove.isPending}
        onRefresh={() => void list.refetch()}
        onRestore={onRestore}
        onDelete={onDelete}
      />
      {body}
    </Stack>
  );
}
