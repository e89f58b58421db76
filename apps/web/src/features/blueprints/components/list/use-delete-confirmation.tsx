import type { BlueprintListItem } from '@groeipad/core';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { notifyApiFailure, notifySuccess } from '../../../../lib/notify';
import { useDeleteBlueprints } from '../../api/use-delete-blueprints';

/**
 * Delete after a confirmation (deleteDocumentTitle / deleteDocumentMessage): a soft delete of every
 * selected blueprint; each failure is reported with deleteDocumentError naming the blueprint.
 */
export function useDeleteConfirmation(onDeleted: (ids: number[]) => void) {
  const { t } = useTranslation();
  const remove = useDeleteBlueprints();

  const confirm = (blueprints: readonly BlueprintListItem[]) => {
    const only = blueprints.length === 1 ? blueprints[0] : undefined;
    const document = only
      ? t('blueprintList.documentNamed', { name: only.name })
      : t('blueprintList.documentCount', { count: blueprints.length });
    modals.openConfirmModal({
      title: t('deleteDocumentTitle'),
      children: <Text size="sm">{t('deleteDocumentMessage', { document })}</Text>,
      labels: { confirm: t('blueprintList.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red.8' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () =>
        remove.mutate(blueprints, {
          onSuccess: ({ deleted, failed }) => {
            if (deleted.length > 0) {
              notifySuccess(t, t('blueprintList.deleted', { count: deleted.length }));
              onDeleted(deleted.map((blueprint) => blueprint.id));
            }
            for (const { blueprint, error } of failed) {
              const named = t('blueprintList.documentNamed', { name: blueprint.name });
              notifyApiFailure(t, t('deleteDocumentError', { document: named }), error);
            }
          },
        }),
    });
  };
  return { confirm, isPending: remove.isPending };
}
