import { normaliseEmail } from '@groeipad/core';
import { Button, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../../components/auth-card';
import { FailureAlert } from '../../../components/failure-alert';
import { ApiError, failureKey } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRequestPasswordReset } from '../api/use-request-password-reset';
import { BackToLogin } from '../components/back-to-login';
import { EmailField, emailProblem } from '../components/email-field';
import { SuccessAlert } from '../components/success-alert';

export function RequestPasswordResetPage() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  usePageTitle(t('auth.requestReset.title'));
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const emailKey = emailProblem(email);
    if (emailKey) {
      setError(t(emailKey));
      return;
    }
    setError(null);
    request.mutate(normaliseEmail(email));
  };

  const tooMany = request.error instanceof ApiError && request.error.status === 429;
  const failure = request.error
    ? t(failureKey(request.error, tooMany ? 'messages.tooManyRequests' : 'passwordResetLinkError'))
    : null;

  return (
    <AuthCard title={t('auth.requestReset.title')} subtitle={t('auth.requestReset.subtitle')}>
      {request.isSuccess ? (
        <SuccessAlert data-testid="reset-link-sent">{t('passwordResetLinkSent')}</SuccessAlert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <FailureAlert message={failure} />
            <EmailField
              value={email}
              onChange={(value) => {
                setEmail(value);
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
      <BackToLogin />
    </AuthCard>
  );
}
