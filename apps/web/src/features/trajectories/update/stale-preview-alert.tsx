import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The blueprint moved on since the preview was read (409 staleDocument): say so and offer to read it again,
 * so the user confirms what they saw (D10). Shared by the single and the cohort update.
 */
export function StalePreviewAlert({
  text,
  reloadLabel,
  onReload,
}: {
  text: string;
  reloadLabel: string;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      role="alert"
      styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
      title={t('editor.staleTitle')}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text}</Text>
        <Button variant="light" onClick={onReload}>
          {reloadLabel}
        </Button>
      </Stack>
    </Alert>
  );
}
