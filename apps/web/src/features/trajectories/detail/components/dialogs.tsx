import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A 409: someone saved first. Nothing was written; the user reloads (D29). */
export function StaleDialog({ version, onReload }: { version: number | null; onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={version !== null}
      onClose={() => undefined}
      withCloseButton={false}
      title={t('editor.staleTitle')}
      centered
    >
      <Stack>
        <Text size="sm">{t('editor.staleMessage', { version: version ?? '' })}</Text>
        <Group justify="flex-end">
          <Button onClick={onReload}>{t('editor.staleReload')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
