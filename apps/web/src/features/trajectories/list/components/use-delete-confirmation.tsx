import type { TrajectoryListItem } from '@groeipad/core';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { notifyApiFailure, notifySuccess } from '../../../../lib/notify';
import { useDeleteTrajectories } from '../api/use-delete-trajectories';

/**
 * Delete after a confirmation (deleteDocumentTitle / deleteDocumentMessage, spec part 1 §8): each
 * selected trajectory goes to the trash; each failure is reported with deleteDocumentError naming it.
 */
export function useDeleteConfirmation(onDeleted: (ids: number[]) => void) {
  const { t } = useTranslation();
  const remove = useDeleteTrajectories();

  const confirm = (trajectories: readonly TrajectoryListItem[]) => {
    const only = trajectories.length === 1 ? trajectories[0] : undefined;
    const document = only
      ? t('trajectories.list.documentNamed', { name: only.name })
      : t('trajectories.list.documentCount', { count: trajectories.length });
    modals.openConfirmModal({
      title: t('deleteDocumentTitle'),
      children: <Text size="sm">{t('deleteDocumentMessage', { document })}</Text>,
      labels: { confirm: t('trajectories.list.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red.8' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () =>
        remove.mutate(trajectories, {
          onSuccess: ({ deleted, failed }) => {
            if (deleted.length > 0) {
              notifySuccess(t, t('trajectories.list.deleted', { count: deleted.length }));
              onDeleted(deleted.map((trajectory) => trajectory.id));
            }
            for (const { trajectory, error } of failed) {
              const named = t('trajectories.list.documentNamed', { name: trajectory.name });
              notifyApiFailure(t, t('deleteDocumentError', { document: named }), error);
            }
          },
        }),
    });
  };
  return { confirm, isPending: remove.isPending };
}
