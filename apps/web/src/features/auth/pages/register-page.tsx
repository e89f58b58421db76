import { normaliseEmail } from '@groeipad/core';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { FailureAlert } from '../../../components/failure-alert';
import { fieldErrorTexts, formFailureText } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRegister } from '../api/use-register';
import { BackToLogin } from '../components/back-to-login';
import { EmailField, emailProblem } from '../components/email-field';
import { PasswordFields, passwordPairErrors } from '../components/password-fields';
import { SuccessAlert } from '../components/success-alert';

interface Errors {
  email?: string | null;
  password?: string | null;
  repeat?: string | null;
}

export function RegisterPage() {
  const { t } = useTranslation();
  const register = useRegister();
  usePageTitle(t('auth.register.title'));
  // An invitation mail links to /register?email=… (issue 6): the invited address is filled in.
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pair = passwordPairErrors(password, repeat);
    const emailKey = emailProblem(email);
    const next: Errors = {
      email: emailKey ? t(emailKey) : null,
      password: pair.password ? t(pair.password) : null,
      repeat: pair.repeat ? t(pair.repeat) : null,
    };
    setErrors(next);
    if (next.email || next.password || next.repeat) return;
    register.mutate(
      { email: normaliseEmail(email), password },
      { onError: (error) => setErrors((current) => ({ ...current, ...fieldErrorTexts(t, error) })) },
    );
  };

  if (register.isSuccess) {
    return (
      <AuthCard title={t('auth.register.title')}>
        <SuccessAlert data-testid="register-success">{t('registerSuccess')}</SuccessAlert>
        <BackToLogin />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <FailureAlert message={formFailureText(t, register.error, 'registerError', 'registerError')} />
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <EmailField
            value={email}
            onChange={(value) => {
              setEmail(value);
              setErrors((current) => ({ ...current, email: null }));
            }}
            error={errors.email}
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
          />
          <Button type="submit" loading={register.isPending} fullWidth mt="xs">
            {t('auth.register.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {t('auth.register.haveAccount')}{' '}
        <Anchor component={Link} to="/login">
          {t('auth.register.loginLink')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
