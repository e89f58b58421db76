import { MENTOR_CODE_LENGTH, mentorEndpoints } from '@groeipad/core';
import { Alert, Button, PinInput, Stack, Text, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { callData } from '../../../lib/endpoint-client';

interface Props {
  secret: string;
  /** The link cannot start a session (unknown, revoked, expired or used). */
  onInvalid: () => void;
  onSession: (token: string) => void;
}

/** The link's first step (issue 23): a code mailed to the invited address, typed here, starts the session. */
export function CodeStep({ secret, onInvalid, onSession }: Props) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const fail = (caught: unknown) => {
    if (caught instanceof ApiError && caught.status === 404) onInvalid();
    else if (caught instanceof ApiError && caught.status === 400) setError(t('mentor.code.wrong'));
    else if (caught instanceof ApiError && caught.status === 429) setError(t('messages.tooManyRequests'));
    else setError(t('mentor.code.failed'));
  };

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await callData(mentorEndpoints.sendCode, { body: { secret } });
      setSentTo(answer.email);
      setCode('');
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (value = code) => {
    if (value.length !== MENTOR_CODE_LENGTH) return;
    setBusy(true);
    setError(null);
    try {
      const session = await callData(mentorEndpoints.startSession, { body: { secret, code: value } });
      onSession(session.token);
    } catch (caught) {
      fail(caught);
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('mentor.start.heading')}
      </Title>
      {sentTo === null ? (
        <>
          <Text>{t('mentor.start.intro')}</Text>
          <Button size="md" leftSection={<IconMail size={20} />} loading={busy} onClick={() => void send()}>
            {t('mentor.start.send')}
          </Button>
        </>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <Stack gap="sm">
            <Text role="status">{t('mentor.code.sent', { email: sentTo })}</Text>
            <Text fw={600} id="mentor-code-label">
              {t('mentor.code.label')}
            </Text>
            <PinInput
              id="mentor-code"
              length={MENTOR_CODE_LENGTH}
              type="number"
              inputMode="numeric"
              oneTimeCode
              size="lg"
              value={code}
              onChange={setCode}
              onComplete={(value) => void confirm(value)}
              ariaLabel={t('mentor.code.label')}
              role="group"
              aria-labelledby="mentor-code-label"
              error={error !== null}
            />
            <Button type="submit" size="md" loading={busy} disabled={code.length !== MENTOR_CODE_LENGTH}>
              {t('mentor.code.submit')}
            </Button>
            <Button variant="subtle" onClick={() => void send()} disabled={busy}>
              {t('mentor.code.resend')}
            </Button>
          </Stack>
        </form>
      )}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
