import type { BlueprintListItem } from '@groeipad/core';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../lib/api-error';
import { notifySuccess } from '../../../../lib/notify';
import { useUpdateFromLibrary } from '../../api/use-update-from-library';

/**
 * "Update from library" (D31, spec part 2 §7 PUT /api/blueprints/{id}/library): says what will be
 * replaced — the whole content of this blueprint, with every change made since the import — and what
 * stays (name, description, rights, the earlier versions in its history), then replaces it.
 */
export function UpdateFromLibraryDialog({
  blueprint,
  onClose,
}: {
  blueprint: BlueprintListItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateFromLibrary();
  const confirm = () =>
    update.mutate(blueprint.id, {
      onSuccess: () => {
        notifySuccess(t, t('blueprintList.library.updated', { name: blueprint.name }));
        onClose();
      },
    });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('blueprintList.library.updateTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          data-testid="update-from-library-warning"
        >
          {t('blueprintList.library.updateReplaces', {
            name: blueprint.name,
            version: blueprint.version,
            source: blueprint.sourceBlueprintVersion ?? '–',
          })}
        </Alert>
        <Text size="sm">{t('blueprintList.library.updateKeeps')}</Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('blueprintList.library.updateKeepsName')}</List.Item>
          <List.Item>{t('blueprintList.library.updateKeepsHistory')}</List.Item>
        </List>
        {update.error ? (
          <Alert color="red" role="alert" title={t('blueprintList.library.updateError')}>
            {errorText(t, update.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red.8" loading={update.isPending} onClick={confirm}>
            {t('blueprintList.library.updateSubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
