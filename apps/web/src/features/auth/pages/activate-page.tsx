import { Alert, Anchor, Group, Loader, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { usePageTitle } from '../../../lib/use-page-title';
import { useActivate } from '../api/use-activate';

/** Account activation: pending, then succeeded or failed (spec part 1 §4). */
export function ActivatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code');
  const activate = useActivate();
  usePageTitle(t('auth.activate.title'));
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!code || started.current === code) return;
    started.current = code;
    activate.mutate(code);
  }, [code, activate.mutate]);

  if (!code) return <Navigate to="/login" replace />;

  return (
    <AuthCard title={t('auth.activate.title')}>
      {activate.isSuccess ? (
        <Alert
          color="green"
          icon={<IconCircleCheck size={18} />}
          role="status"
          data-testid="activation-result"
        >
          {t('activationSucceeded')}
        </Alert>
      ) : activate.isError ? (
        <Alert color="red" icon={<IconCircleX size={18} />} role="alert" data-testid="activation-result">
          {t('activationFailed')}
        </Alert>
      ) : (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{t('auth.activate.pending')}</Text>
        </Group>
      )}
      <Anchor component={Link} to="/login">
        {t('auth.backToLogin')}
      </Anchor>
    </AuthCard>
  );
}
