import { type MentorAssessment, mentorEndpoints } from '@groeipad/core';
import { Alert, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../../components/brand';
import { LanguageSelector } from '../../../components/language-selector';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api-error';
import { callEndpoint } from '../../../lib/endpoint-client';
import { mentorSession } from '../../../lib/mentor-session';
import { usePageTitle } from '../../../lib/use-page-title';
import { Assessment } from '../components/assessment';
import { CodeStep } from '../components/code-step';
import { forgetAssessment, keepAssessment, registerMentorWorker } from '../mentor-offline';

/** The link's secret while the code is asked: in this tab only, so a reload keeps the step. */
const SECRET_KEY = 'groeipad.mentor-link';

/**
 * Reads the secret from the address's fragment (`/mentor#<secret>`: a fragment never reaches a server or its
 * logs) and takes it out of the address bar and history at once.
 */
function takeSecret(): string | null {
  const fragment = window.location.hash.slice(1);
  if (fragment) {
    sessionStorage.setItem(SECRET_KEY, fragment);
    window.history.replaceState(null, '', window.location.pathname);
  }
  return sessionStorage.getItem(SECRET_KEY);
}

type Stage =
  | { kind: 'loading' }
  | { kind: 'code'; secret: string }
  | { kind: 'assessment'; assessment: MentorAssessment; version: number }
  | { kind: 'invalid' }
  /** Neither a link nor a session here (e.g. reloaded after the session ended): open the mailed link. */
  | { kind: 'noLink' }
  | { kind: 'ended' }
  /** Issue 31, D54: the link was opened on another device since (that session took this one's place). */
  | { kind: 'replaced' }
  /** D54: 12 hours without use. */
  | { kind: 'lapsed' }
  | { kind: 'failed' };

/** Why the session ended, from the server's 401 key. */
function endedStage(key: string | undefined): Stage {
  if (key === 'mentorSessionReplaced') return { kind: 'replaced' };
  if (key === 'mentorSessionLapsed') return { kind: 'lapsed' };
  return { kind: 'ended' };
}

/**
 * A workplace mentor's page (issue 23), reached from the mailed link without an account: the code step, then
 * the assessment of the one trajectory with the link's role. Its own frame: no navigation, no list.
 */
export function MentorPage() {
  const { t } = useTranslation();
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  usePageTitle(stage.kind === 'assessment' ? stage.assessment.trajectory.name : t('mentor.title'));

  /** The session is over: the token and the kept assessment are forgotten, the page says why. */
  const end = useCallback((key?: string) => {
    mentorSession.clear();
    void forgetAssessment();
    setStage(endedStage(key));
  }, []);

  const load = useCallback(async () => {
    try {
      const answer = await callEndpoint(mentorEndpoints.assessment);
      const next = { assessment: answer.data, version: answer.version ?? answer.data.version };
      setStage({ kind: 'assessment', ...next });
      // Issue 31: kept for an offline visit, and the page's files with it (the mentor's own worker).
      void keepAssessment(answer.data, next.version);
      void registerMentorWorker();
      return next;
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 401) end(caught.key);
      else setStage({ kind: 'failed' });
      return null;
    }
  }, [end]);

  useEffect(() => {
    const secret = takeSecret();
    if (secret && !mentorSession.get()) setStage({ kind: 'code', secret });
    else if (mentorSession.get()) void load();
    else setStage({ kind: 'noLink' });
  }, [load]);

  const started = async (token: string) => {
    mentorSession.set(token);
    sessionStorage.removeItem(SECRET_KEY);
    setStage({ kind: 'loading' });
    await forgetAssessment();
    void load();
  };

  const signOut = async () => {
    try {
      await callEndpoint(mentorEndpoints.endSession);
    } catch {
      // Ended already, or offline: forgetting the token here is what counts.
    }
    end();
  };

  let content: React.ReactNode;
  switch (stage.kind) {
    case 'loading':
      content = <PageLoader />;
      break;
    case 'code':
      content = (
        <CodeStep
          secret={stage.secret}
          onInvalid={() => {
            sessionStorage.removeItem(SECRET_KEY);
            setStage({ kind: 'invalid' });
          }}
          onSession={(token) => void started(token)}
        />
      );
      break;
    case 'assessment':
      content = (
        <Assessment assessment={stage.assessment} version={stage.version} reload={load} onEnded={end} />
      );
      break;
    default:
      content = (
        <Stack gap="sm">
          <Title order={1} size="h2">
            {t('mentor.title')}
          </Title>
          <Alert color={stage.kind === 'failed' ? 'red' : 'gray'} role="alert" data-testid="mentor-ended">
            {t(`mentor.${stage.kind}`)}
          </Alert>
          {stage.kind === 'failed' ? (
            <Button variant="default" onClick={() => void load()}>
              {t('common.retry')}
            </Button>
          ) : null}
        </Stack>
      );
  }

  return (
    <Box mih="100dvh" bg="gray.0">
      <Box
        component="header"
        bg="white"
        px="sm"
        py={6}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group justify="space-between" wrap="nowrap" maw={720} mx="auto">
          <Brand />
          <Group gap={4} wrap="nowrap">
            <LanguageSelector />
            {stage.kind === 'assessment' ? (
              <Button
                variant="subtle"
                size="compact-md"
                leftSection={<IconLogout size={18} />}
                onClick={() => void signOut()}
              >
                {t('mentor.signOut')}
              </Button>
            ) : null}
          </Group>
        </Group>
      </Box>
      <Container component="main" size={720} px="sm" py="md">
        {content}
        {stage.kind === 'assessment' ? (
          <Text size="xs" c="dark.4" mt="lg">
            {t('mentor.privacy')}
          </Text>
        ) : null}
      </Container>
    </Box>
  );
}
