import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconLogin2 } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/failure-alert';
import { ApiError, errorText } from '../../../lib/api-error';
import { useLoginTwoFactor } from '../api/use-login';
import { isCompleteTotpCode, normaliseRecoveryCode, normaliseTotpCode } from '../two-factor';

interface TwoFactorStepProps {
  /** The challenge the password answered (D57). */
  challenge: string;
  /** Back to the password step. */
  onBack: () => void;
  /** The challenge expired: back to the password step, which shows why. */
  onExpired: () => void;
}

/**
 * The second step of a sign-in with two-factor sign-in on (D57): the code of the authenticator app,
 * or one of the recovery codes. The tokens it gets continue the sign-in as a password would.
 */
export function TwoFactorStep({ challenge, onBack, onExpired }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const login = useLoginTwoFactor();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);

  // The field takes the focus when the step opens and when the kind of code changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus again when the field changes
  useEffect(() => {
    input.current?.focus();
  }, [recovery]);

  const { error } = login;
  const expired = error instanceof ApiError && error.key === 'twoFactorChallengeExpired';
  useEffect(() => {
    if (expired) onExpired();
  }, [expired, onExpired]);
  // A wrong code is cleared, so the next one is typed afresh.
  useEffect(() => {
    if (!(error instanceof ApiError) || error.key !== 'invalidTwoFactorCode') return;
    setCode('');
    setRecoveryCode('');
    input.current?.focus();
  }, [error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (recovery) {
      const value = normaliseRecoveryCode(recoveryCode);
      if (!value) return setFieldError(t('messages.required'));
      login.mutate({ challenge, recoveryCode: value });
    } else {
      if (!isCompleteTotpCode(code)) return setFieldError(t('auth.twoFactor.codeIncomplete'));
      login.mutate({ challenge, code });
    }
  };

  const switchKind = () => {
    setRecovery((current) => !current);
    setFieldError(undefined);
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('auth.twoFactor.title')}
        </Title>
        <Text c="dark.5" size="sm" mt={4}>
          {t(recovery ? 'auth.twoFactor.recoverySubtitle' : 'auth.twoFactor.subtitle')}
        </Text>
      </div>
      <FailureAlert
        message={error && !expired ? errorText(t, error, 'messages.invalidTwoFactorCode') : null}
        icon={<IconAlertCircle size={18} />}
        data-testid="two-factor-error"
      />
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {recovery ? (
            <TextInput
              key="recovery"
              ref={input}
              label={t('auth.twoFactor.recoveryCode')}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              value={recoveryCode}
              onChange={(event) => {
                setRecoveryCode(event.currentTarget.value);
                setFieldError(undefined);
              }}
              error={fieldError}
            />
          ) : (
            <TextInput
              key="code"
              ref={input}
              label={t('auth.twoFactor.code')}
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9]*"
              required
              value={code}
              onChange={(event) => {
                setCode(normaliseTotpCode(event.currentTarget.value));
                setFieldError(undefined);
              }}
              error={fieldError}
              styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
            />
          )}
          <Group justify="flex-end">
            <Anchor component="button" type="button" size="sm" onClick={switchKind}>
              {t(recovery ? 'auth.twoFactor.useCode' : 'auth.twoFactor.useRecoveryCode')}
            </Anchor>
          </Group>
          <Button type="submit" loading={login.isPending} leftSection={<IconLogin2 size={18} />} fullWidth>
            {t('auth.twoFactor.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        <Anchor component="button" type="button" onClick={onBack}>
          {t('auth.backToLogin')}
        </Anchor>
      </Text>
    </Stack>
  );
}
