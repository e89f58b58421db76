import { Anchor, Button, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { FailureAlert } from '../../../components/failure-alert';
import { failureKey } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useResetPassword } from '../api/use-reset-password';
import { BackToLogin } from '../components/back-to-login';
import { PasswordFields, passwordPairErrors } from '../components/password-fields';
import { SuccessAlert } from '../components/success-alert';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code');
  const reset = useResetPassword();
  usePageTitle(t('auth.reset.title'));
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password: string | null; repeat: string | null }>({
    password: null,
    repeat: null,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code) return;
    const pair = passwordPairErrors(password, repeat);
    setErrors({ password: pair.password && t(pair.password), repeat: pair.repeat && t(pair.repeat) });
    if (pair.password || pair.repeat) return;
    reset.mutate({ code, password });
  };

  const failure = reset.error ? t(failureKey(reset.error, 'resetPasswordFailed')) : null;

  return (
    <AuthCard title={t('auth.reset.title')} subtitle={code ? t('auth.reset.subtitle') : undefined}>
      {!code ? (
        <FailureAlert message={t('resetPasswordFailed')} />
      ) : reset.isSuccess ? (
        <SuccessAlert data-testid="reset-success">{t('resetPasswordSuccess')}</SuccessAlert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <FailureAlert
              message={failure}
              data-testid="reset-failed"
              action={
                <Anchor component={Link} to="/request-password-reset" size="sm">
                  {t('auth.reset.requestNew')}
                </Anchor>
              }
            />
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
              passwordLabelKey="auth.fields.newPassword"
            />
            <Button type="submit" loading={reset.isPending} fullWidth mt="xs">
              {t('auth.reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
