import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleX } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { FailureAlert } from '../../../components/failure-alert';
import { ApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useActivate } from '../api/use-activate';
import { BackToLogin } from '../components/back-to-login';
import { PasswordFields, passwordPairErrors } from '../components/password-fields';
import { SuccessAlert } from '../components/success-alert';

const needsPassword = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.key === 'activationNeedsPassword';

/**
 * Account activation: pending, then succeeded or failed (spec part 1 §4). When access waits for the
 * account (a mentor link, a member invitation), the server asks for the password (409
 * `activationNeedsPassword`, D53): the page asks for it and activates with it, so whoever holds the
 * mailbox chooses it, not whoever registered the address.
 */
export function ActivatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code');
  const activate = useActivate();
  usePageTitle(t('auth.activate.title'));
  const started = useRef<string | null>(null);
  const [asked, setAsked] = useState(false);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password: string | null; repeat: string | null }>({
    password: null,
    repeat: null,
  });

  useEffect(() => {
    if (!code || started.current === code) return;
    started.current = code;
    activate.mutate({ code });
  }, [code, activate.mutate]);

  useEffect(() => {
    if (needsPassword(activate.error)) setAsked(true);
  }, [activate.error]);

  if (!code) return <Navigate to="/login" replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pair = passwordPairErrors(password, repeat);
    setErrors({ password: pair.password && t(pair.password), repeat: pair.repeat && t(pair.repeat) });
    if (pair.password || pair.repeat) return;
    activate.mutate({ code, password });
  };

  const failed = activate.isError && !needsPassword(activate.error);

  return (
    <AuthCard
      title={t('auth.activate.title')}
      subtitle={asked && !activate.isSuccess && !failed ? t('auth.activate.passwordSubtitle') : undefined}
    >
      {activate.isSuccess ? (
        <SuccessAlert data-testid="activation-result">{t('activationSucceeded')}</SuccessAlert>
      ) : failed ? (
        <FailureAlert
          message={t('activationFailed')}
          icon={<IconCircleX size={18} />}
          data-testid="activation-result"
        />
      ) : asked ? (
        <form onSubmit={submit} noValidate data-testid="activation-password">
          <Stack gap="sm">
            <PasswordFields
              password={password}
              repeat={repeat}
              onPasswordChange={(value) => {
                setPassword(value);
                setErrors((current) => ({ ...current, password: null }));
              }}
              onRepeatChange={(value) => {
                setRepeat(value);
                setErrors((current) => ({ ...current, repeat: null }));
              }}
              passwordError={errors.password}
              repeatError={errors.repeat}
            />
            <Button type="submit" loading={activate.isPending} fullWidth mt="xs">
              {t('auth.activate.submit')}
            </Button>
          </Stack>
        </form>
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
