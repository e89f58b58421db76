import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconMapOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('pageNotFound'));
  return (
    <Stack align="center" ta="center" gap="md" py={48} data-testid="not-found">
      <ThemeIcon size={64} radius="xl" variant="light" color="gray">
        <IconMapOff size={34} />
      </ThemeIcon>
      <Title order={1} size="h2">
        {t('pageNotFound')}
      </Title>
      <Text c="dark.5" maw={460}>
        {t('invalidPage')}
      </Text>
      <Button component={Link} to="/" leftSection={<IconHome size={16} />}>
        {t('common.goHome')}
      </Button>
    </Stack>
  );
}
