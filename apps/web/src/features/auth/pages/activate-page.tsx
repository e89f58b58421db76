import { Group, Loader, Text } from '@mantine/core';
import { IconCircleX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { FailureAlert } from '../../../components/failure-alert';
import { usePageTitle } from '../../../lib/use-page-title';
import { useActivate } from '../api/use-activate';
import { BackToLogin } from '../components/back-to-login';
import { SuccessAlert } from '../components/success-alert';

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
        <SuccessAlert data-testid="activation-result">{t('activationSucceeded')}</SuccessAlert>
      ) : activate.isError ? (
        <FailureAlert
          message={t('activationFailed')}
          icon={<IconCircleX size={18} />}
          data-testid="activation-result"
        />
      ) : (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{t('auth.activate.pending')}</Text>
        </Group>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
