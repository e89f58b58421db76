import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The trajectory does not exist (or the user may not read it: the server answers 404 for both). */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <Stack maw={640}>
      <Title order={1} size="h2">
        {t('screens.trajectory')}
      </Title>
      <Alert
        color="red"
        role="alert"
        icon={<IconAlertTriangle size={18} />}
        title={t('trajectories.detail.notFound')}
      >
        {t('trajectories.detail.notFoundDetail')}
      </Alert>
      <Anchor component={Link} to="/trajectories">
        {t('trajectories.detail.backToList')}
      </Anchor>
    </Stack>
  );
}
