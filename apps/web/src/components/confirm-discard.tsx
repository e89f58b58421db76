import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "You have unsaved changes": stay, or drop them (exitDocumentMessage, spec part 1 §8). */
export function ConfirmDiscard({
  opened,
  onStay,
  onDiscard,
}: {
  opened: boolean;
  onStay: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onStay}
      title={t('editor.leaveTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      <Stack>
        <Text size="sm">{t('exitDocumentMessage')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onStay} data-autofocus>
            {t('editor.stay')}
          </Button>
          <Button color="red.8" onClick={onDiscard}>
            {t('editor.discard')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
