import type { TrajectoryUpdatePreview, TrajectoryUpdateResult } from '@groeipad/core';
import { Alert, Button, Group, List, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowBackUp, IconCheck } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { ApiError, errorText } from '../../../lib/api-error';
import { useCohortUpdateCheck, useRunCohortUpdate, useUndoCohortUpdate } from './api/use-cohort-update';
import { UpdateChangeList } from './change-list';
import { StalePreviewAlert } from './stale-preview-alert';

interface Props {
  /** The list's selection (a group selects its rows): all with METADATA (spec part 1 §6). */
  trajectories: readonly { id: number; name: string }[];
  onClose: () => void;
}

/** A trajectory the check found behind its blueprint's latest version: what the update sends. */
const behind = (preview: TrajectoryUpdatePreview) =>
  preview.latestVersion !== null && preview.currentVersion !== preview.latestVersion;

/**
 * D10, D56: the selected trajectories to their blueprints' latest versions in one step. The check shows
 * per trajectory what moves (those already up to date as such, and not sent); confirming moves them all or
 * none; the result offers the undo, in one step as well, while nothing was changed in them since (409
 * updateNotUndoable names those that were).
 */
export function CohortUpdateDialog({ trajectories, onClose }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const ids = trajectories.map((trajectory) => trajectory.id);
  const check = useCohortUpdateCheck(ids);
  const run = useRunCohortUpdate();
  const undo = useUndoCohortUpdate();
  const [result, setResult] = useState<TrajectoryUpdateResult | null>(null);
  const [undone, setUndone] = useState(false);

  const titles = new Map<number, string>(trajectories.map((trajectory) => [trajectory.id, trajectory.name]));
  for (const preview of check.data?.trajectories ?? []) titles.set(preview.id, preview.title);
  const toUpdate = (check.data?.trajectories ?? []).filter(behind);
  const stale = run.error instanceof ApiError && run.error.isStale;
  const notUndoable =
    undo.error instanceof ApiError && undo.error.key === 'updateNotUndoable'
      ? undo.error.fields
          .map((field) => Number(field.path.split('.')[1]))
          .map((id) => titles.get(id) ?? String(id))
      : null;

  const confirm = () => {
    if (toUpdate.length === 0 || run.isPending) return;
    run.mutate(
      toUpdate.map((preview) => ({ id: preview.id, version: preview.latestVersion as number })),
      { onSuccess: setResult },
    );
  };

  let body: ReactNode;
  if (result) {
    body = (
      <Stack>
        {undone ? (
          <Alert color="green" role="status" icon={<IconArrowBackUp size={18} aria-hidden />}>
            {t('cohortUpdate.undone')}
          </Alert>
        ) : (
          <Alert color="green" role="status" icon={<IconCheck size={18} aria-hidden />}>
            <Stack gap={4}>
              <Text size="sm">{t('cohortUpdate.done', { count: result.moved.length })}</Text>
              <List size="sm">
                {result.moved.map((moved) => (
                  <List.Item key={moved.id} style={{ overflowWrap: 'anywhere' }}>
                    {titles.get(moved.id)} ·{' '}
                    {t('cohortUpdate.versions', { current: moved.from, latest: moved.to })}
                  </List.Item>
                ))}
              </List>
            </Stack>
          </Alert>
        )}
        {notUndoable ? (
          <Alert
            color="orange"
            role="alert"
            title={t('cohortUpdate.notUndoableTitle')}
            styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
          >
            <Text size="sm">{t('cohortUpdate.notUndoable')}</Text>
            <List size="sm" mt={4}>
              {notUndoable.map((name) => (
                <List.Item key={name} style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : undo.error ? (
          <Alert color="red" role="alert" title={t('cohortUpdate.undoFailed')}>
            {errorText(t, undo.error)}
          </Alert>
        ) : null}
        {!undone && !notUndoable && result.moved.length > 0 ? (
          <Text size="sm">{t('cohortUpdate.undoHelp')}</Text>
        ) : null}
        <Group justify="flex-end">
          {!undone && !notUndoable && result.moved.length > 0 ? (
            <Button
              variant="default"
              leftSection={<IconArrowBackUp size={18} aria-hidden />}
              loading={undo.isPending}
              onClick={() => undo.mutate(result.id, { onSuccess: () => setUndone(true) })}
            >
              {t('cohortUpdate.undo')}
            </Button>
          ) : null}
          <Button onClick={onClose}>{t('common.close')}</Button>
        </Group>
      </Stack>
    );
  } else if (check.isPending) {
    body = <PageLoader />;
  } else if (check.isError) {
    const refused =
      check.error instanceof ApiError && check.error.status === 403 && check.error.fields.length > 0
        ? check.error.fields
        : null;
    body = (
      <Stack>
        {refused ? (
          <Alert color="red" role="alert" title={t('cohortUpdate.refusedTitle')}>
            <Text size="sm">{t('cohortUpdate.refused')}</Text>
            <List size="sm" mt={4}>
              {refused.map((field) => {
                const trajectory = trajectories[Number(field.path.split('.')[1])];
                return (
                  <List.Item key={field.path} style={{ overflowWrap: 'anywhere' }}>
                    {trajectory?.name} — {t(`messages.${field.key}`)}
                  </List.Item>
                );
              })}
            </List>
          </Alert>
        ) : (
          <Alert color="red" role="alert" title={t('cohortUpdate.checkError')}>
            {errorText(t, check.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    );
  } else {
    const previews = check.data.trajectories;
    body = (
      <Stack>
        <Text size="sm">{t('cohortUpdate.intro')}</Text>
        <Stack gap="sm" data-testid="cohort-update-previews">
          {previews.map((preview) => (
            <Paper key={preview.id} withBorder radius="md" p="sm" data-testid="cohort-update-preview">
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
                    {preview.title}
                  </Title>
                  <Text size="sm" c="dark.4">
                    {preview.latestVersion === null
                      ? t('cohortUpdate.noBlueprint')
                      : behind(preview)
                        ? t('cohortUpdate.versions', {
                            current: preview.currentVersion ?? '-',
                            latest: preview.latestVersion,
                          })
                        : t('cohortUpdate.upToDate', { version: preview.latestVersion })}
                  </Text>
                </Group>
                {behind(preview) ? (
                  preview.changes.length === 0 ? (
                    <Text size="sm" c="dark.4">
                      {t('cohortUpdate.noChanges')}
                    </Text>
                  ) : (
                    <UpdateChangeList
                      changes={preview.changes}
                      label={t('cohortUpdate.changes', { title: preview.title })}
                    />
                  )
                ) : null}
              </Stack>
            </Paper>
          ))}
        </Stack>
        {toUpdate.length === 0 ? (
          <Text size="sm" role="status">
            {t('cohortUpdate.nothingToDo')}
          </Text>
        ) : (
          <Text size="sm">
            {t('cohortUpdate.summary', { toUpdate: toUpdate.length, count: previews.length })}
          </Text>
        )}
        {stale ? (
          <StalePreviewAlert
            text={t('cohortUpdate.stale')}
            reloadLabel={t('cohortUpdate.reload')}
            onReload={() => {
              run.reset();
              void check.refetch();
            }}
          />
        ) : run.error ? (
          <Alert color="red" role="alert" title={t('cohortUpdate.updateFailed')}>
            {errorText(t, run.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={confirm}
            loading={run.isPending}
            disabled={toUpdate.length === 0 || stale || check.isFetching}
          >
            {t('cohortUpdate.confirm', { count: toUpdate.length })}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('cohortUpdate.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="lg"
      fullScreen={phone}
      centered
    >
      {body}
    </Modal>
  );
}
