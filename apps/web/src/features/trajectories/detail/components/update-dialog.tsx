import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../../components/page-loader';
import { ApiError, errorText } from '../../../../lib/api-error';
import { notifyApiFailure, notifySuccess } from '../../../../lib/notify';
import { UpdateChangeList } from '../../update/change-list';
import { StalePreviewAlert } from '../../update/stale-preview-alert';
import { useApplyUpdate } from '../api/use-apply-update';
import { useUpdatePreview } from '../api/use-update-preview';

interface Props {
  trajectoryId: number;
  opened: boolean;
  onClose: () => void;
}

/**
 * D10: before moving the trajectory to its blueprint's latest version, the dialog lists what changes
 * (in words); confirming applies exactly the previewed version. A newer version since → 409, explained,
 * with a fresh preview.
 */
export function UpdateDialog({ trajectoryId, opened, onClose }: Props) {
  const { t } = useTranslation();
  const preview = useUpdatePreview(trajectoryId, opened);
  const apply = useApplyUpdate(trajectoryId);
  const stale = apply.error instanceof ApiError && apply.error.isStale;

  const close = () => {
    apply.reset();
    onClose();
  };
  const confirm = async () => {
    const version = preview.data?.latestVersion;
    if (version === null || version === undefined) return;
    try {
      await apply.mutateAsync(version);
      notifySuccess(t, t('trajectories.detail.updated', { version }));
      close();
    } catch (error) {
      if (!(error instanceof ApiError && error.isStale)) notifyApiFailure(t, t('saveDocumentFailure'), error);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('trajectories.detail.updateTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="lg"
      centered
    >
      {preview.isPending ? (
        <PageLoader />
      ) : preview.isError ? (
        <Alert color="red" role="alert" title={t('trajectories.detail.previewError')}>
          {errorText(t, preview.error)}
        </Alert>
      ) : (
        <Stack>
          <Text size="sm">
            {t('trajectories.detail.updateIntro', {
              current: preview.data.currentVersion ?? '-',
              latest: preview.data.latestVersion ?? '-',
            })}
          </Text>
          {preview.data.changes.length === 0 ? (
            <Text size="sm" c="dark.4">
              {t('trajectories.detail.noChanges')}
            </Text>
          ) : (
            <UpdateChangeList changes={preview.data.changes} label={t('trajectories.detail.changes')} />
          )}
          <Text size="sm">{t('trajectories.detail.updateKeeps')}</Text>
          {stale ? (
            <StalePreviewAlert
              text={t('trajectories.detail.updateStale')}
              reloadLabel={t('trajectories.detail.reloadPreview')}
              onReload={() => {
                apply.reset();
                void preview.refetch();
              }}
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button
              onClick={() => void confirm()}
              loading={apply.isPending}
              disabled={stale || preview.isFetching}
            >
              {t('trajectories.detail.updateConfirm', { version: preview.data.latestVersion ?? '' })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
