import { Alert, Button, Stack } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshSession } from '../lib/api-client';
import { ApiError, errorText } from '../lib/api-error';
import { PageLoader } from './page-loader';

/** Shown while an expired access token is refreshed; a 401 clears the session (the caller then re-renders). */
export function RestoreSession() {
  const { t } = useTranslation();
  const [error, setError] = useState<unknown>(null);
  const attempt = useCallback(() => {
    setError(null);
    refreshSession().catch((failure: unknown) => {
      if (!(failure instanceof ApiError && failure.status === 401)) setError(failure);
    });
  }, []);

  useEffect(() => {
    attempt();
  }, [attempt]);

  if (!error) return <PageLoader />;
  return (
    <Stack maw={460} mx="auto" my="xl">
      <Alert color="red" title={t('session.restoreFailed')}>
        {errorText(t, error)}
      </Alert>
      <Button onClick={attempt}>{t('common.retry')}</Button>
    </Stack>
  );
}
