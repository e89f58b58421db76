import { isValidEmail, normaliseEmail } from '@groeipad/core';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { ApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRequestPasswordReset } from '../api/use-request-password-reset';

export function RequestPasswordResetPage() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  usePageTitle(t('auth.requestReset.title'));
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setError(t(email.trim() ? 'messages.invalidEmail' : 'messages.required'));
      return;
    }
    setError(null);
    request.mutate(normaliseEmail(email));
  };

  const failure = request.error
    ? request.error instanceof ApiError && request.error.isNetworkFailure
      ? t('internetDisconnectedError')
      : request.error instanceof ApiError && request.error.status === 429
        ? t('messages.tooManyRequests')
        : t('passwordResetLinkError')
    : null;

  return (
    <AuthCard title={t('auth.requestReset.title')} subtitle={t('auth.requestReset.subtitle')}>
      {request.isSuccess ? (
        <Alert color="green" icon={<IconCircleCheck size={18} />} role="status" data-testid="reset-link-sent">
          {t('passwordResetLinkSent')}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {failure ? (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            ) : null}
            <TextInput
              label={t('auth.fields.email')}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setError(null);
              }}
              error={error}
            />
            <Button type="submit" loading={request.isPending} fullWidth>
              {t('auth.requestReset.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login">
        {t('auth.backToLogin')}
      </Anchor>
    </AuthCard>
  );
}
