import { isValidEmail, normaliseEmail } from '@groeipad/core';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { ApiError, errorText, fieldErrorTexts } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRegister } from '../api/use-register';
import { PasswordFields, passwordPairErrors } from '../components/password-fields';

interface Errors {
  email?: string | null;
  password?: string | null;
  repeat?: string | null;
}

export function RegisterPage() {
  const { t } = useTranslation();
  const register = useRegister();
  usePageTitle(t('auth.register.title'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pair = passwordPairErrors(password, repeat);
    const next: Errors = {
      email: isValidEmail(email) ? null : t(email.trim() ? 'messages.invalidEmail' : 'messages.required'),
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
        <Alert
          color="green"
          icon={<IconCircleCheck size={18} />}
          role="status"
          data-testid="register-success"
        >
          {t('registerSuccess')}
        </Alert>
        <Anchor component={Link} to="/login">
          {t('auth.backToLogin')}
        </Anchor>
      </AuthCard>
    );
  }

  const failure =
    register.error && !(register.error instanceof ApiError && register.error.fields.length > 0)
      ? errorText(t, register.error, 'registerError')
      : register.error
        ? t('registerError')
        : null;

  return (
    <AuthCard title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
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
