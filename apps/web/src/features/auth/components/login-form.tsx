import { endpointUrl, FIRST_PAGE_ROUTES, normaliseEmail } from '@groeipad/core';
import { Anchor, Button, Divider, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconLogin2 } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FailureAlert } from '../../../components/failure-alert';
import { ApiError, errorText } from '../../../lib/api-error';
import { useLogin } from '../api/use-login';
import { useOAuthProviders } from '../api/use-oauth-providers';
import { takeSignInFailure } from '../sign-in-failure';
import { EmailField, emailProblem } from './email-field';
import { TwoFactorStep } from './two-factor-step';

function loginErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return t('invalidLogin');
  return errorText(t, error, 'invalidLogin');
}

export function LoginForm({ initialErrorKey }: { initialErrorKey?: string | null }) {
  const { t } = useTranslation();
  // The challenge of a password that asks for a second step (D57): the code step shows while it is set.
  const [challenge, setChallenge] = useState<string | null>(null);
  // Why the code step went back here (its challenge expired); cleared by the next sign-in.
  const [stepFailure, setStepFailure] = useState<string | null>(null);
  const login = useLogin(setChallenge);
  const providers = useOAuthProviders();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  // A failed external sign-in that went back here (sign-in-failure.ts), also when the browser
  // shows this page again from its back/forward cache.
  const [failedSignIn, setFailedSignIn] = useState<string | null>(null);
  useEffect(() => {
    const onShow = () => {
      const key = takeSignInFailure();
      if (key) setFailedSignIn(key);
    };
    onShow();
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    const emailKey = emailProblem(email);
    if (emailKey) next.email = t(emailKey);
    if (password.length === 0) next.password = t('messages.required');
    setErrors(next);
    if (next.email || next.password) return;
    setStepFailure(null);
    login.mutate({ email: normaliseEmail(email), password });
  };

  const backToPassword = useCallback((failureKey: string | null) => {
    setChallenge(null);
    setPassword('');
    setStepFailure(failureKey);
  }, []);
  const onBack = useCallback(() => backToPassword(null), [backToPassword]);
  const onExpired = useCallback(() => backToPassword('messages.twoFactorChallengeExpired'), [backToPassword]);

  if (challenge) return <TwoFactorStep challenge={challenge} onBack={onBack} onExpired={onExpired} />;

  const failureKey = stepFailure ?? initialErrorKey ?? failedSignIn;
  const failure = login.error ? loginErrorText(t, login.error) : failureKey ? t(failureKey) : null;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('auth.login.title')}
        </Title>
        <Text c="dark.5" size="sm" mt={4}>
          {t('auth.login.subtitle')}
        </Text>
      </div>
      <FailureAlert message={failure} icon={<IconAlertCircle size={18} />} data-testid="login-error" />
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <EmailField
            autoComplete="username"
            value={email}
            onChange={(value) => {
              setEmail(value);
              setErrors((current) => ({ ...current, email: undefined }));
            }}
            error={errors.email}
          />
          <PasswordInput
            label={t('auth.fields.password')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setErrors((current) => ({ ...current, password: undefined }));
            }}
            error={errors.password}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/request-password-reset" size="sm">
              {t('auth.login.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" loading={login.isPending} leftSection={<IconLogin2 size={18} />} fullWidth>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>
      {providers.data && providers.data.length > 0 ? (
        <>
          <Divider label={t('auth.login.or')} labelPosition="center" />
          <Stack gap="xs">
            {providers.data.map((provider) => (
              <Button
                key={provider.name}
                component="a"
                href={endpointUrl(FIRST_PAGE_ROUTES.oauthLogin.path, { provider: provider.name })}
                variant="default"
                fullWidth
              >
                {t('auth.login.withProvider', { provider: provider.label })}
              </Button>
            ))}
          </Stack>
        </>
      ) : null}
      <Text size="sm" ta="center">
        {t('auth.login.noAccount')}{' '}
        <Anchor component={Link} to="/register">
          {t('auth.login.registerLink')}
        </Anchor>
      </Text>
    </Stack>
  );
}
