import { Button, Center, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconHome, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { usePageTitle } from '../lib/use-page-title';

export const SUPPORT_EMAIL = 'support@groeipad.nl';

function describe(error: unknown): string | null {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  if (error === undefined || error === null) return null;
  return String(error);
}

/** The router's error page: go-home link and, when details exist, a mail to support (spec part 2 §2). */
export function ErrorPage({ framed = false }: { framed?: boolean }) {
  const { t } = useTranslation();
  const error = useRouteError();
  usePageTitle(t('errorPage.title'));
  const details = describe(error);
  const mail = details
    ? `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(t('errorPage.mailSubject'))}&body=${encodeURIComponent(
        `${window.location.href}\n\n${details}`.slice(0, 1800),
      )}`
    : null;
  return (
    <Center component={framed ? 'div' : 'main'} mih={framed ? 320 : '100vh'} p="md" bg="gray.0">
      <Paper withBorder radius="lg" p="xl" maw={640} w="100%">
        <Stack>
          <Title order={1} size="h2">
            {t('errorPage.title')}
          </Title>
          <Text>{t('errorPage.message')}</Text>
          {details ? (
            <Code
              block
              style={{ maxHeight: 200, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
              tabIndex={0}
              aria-label={t('errorPage.details')}
            >
              {details}
            </Code>
          ) : null}
          <Group>
            <Button component="a" href="/" leftSection={<IconHome size={16} />}>
              {t('common.goHome')}
            </Button>
            {mail ? (
              <Button component="a" href={mail} variant="default" leftSection={<IconMail size={16} />}>
                {t('errorPage.mailSupport')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
