import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/failure-alert';
import { errorText } from '../../../lib/api-error';
import { sessionStore } from '../../../lib/session-store';
import { useAcceptEula } from '../api/use-accept-eula';

/** The licence (EULA) with accept and decline; declining removes the tokens (spec part 1 §4). */
export function LicenceDialog() {
  const { t, i18n } = useTranslation();
  const accept = useAcceptEula();
  return (
    <Stack gap="md" role="region" aria-labelledby="licence-title">
      <Group gap="sm" wrap="nowrap">
        <IconFileCertificate size={28} color="var(--mantine-color-green-8)" aria-hidden />
        <Title order={1} size="h2" id="licence-title">
          {t('licence.title')}
        </Title>
      </Group>
      <Text size="sm" c="dark.5">
        {t('licence.intro')}
      </Text>
      <Box
        component="iframe"
        src={`/eula/${i18n.language}.html`}
        title={t('licence.frameTitle')}
        w="100%"
        h={{ base: '50vh', md: '52vh' }}
        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: 'white' }}
        data-testid="licence-frame"
      />
      <FailureAlert message={accept.error && errorText(t, accept.error)} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => sessionStore.clear()} disabled={accept.isPending}>
          {t('licence.decline')}
        </Button>
        <Button onClick={() => accept.mutate()} loading={accept.isPending}>
          {t('licence.accept')}
        </Button>
      </Group>
    </Stack>
  );
}
