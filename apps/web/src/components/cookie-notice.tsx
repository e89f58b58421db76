import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const STORAGE_KEY = 'cookies';

function accepted(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Fixed bottom bar; OK stores the text true under the key cookies (spec part 2 §2). */
export function CookieNotice() {
  const { t, i18n } = useTranslation();
  const [hidden, setHidden] = useState(accepted);
  if (hidden) return null;
  const accept = () => {
    try {
      localStorage.setItem(STORAGE_KEY, 'true');
    } catch {
      // Without storage the notice returns on the next visit.
    }
    setHidden(true);
  };
  return (
    <Paper
      component="section"
      aria-labelledby="cookie-notice-title"
      shadow="lg"
      radius={0}
      p="md"
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      style={{ zIndex: 300, borderTop: '1px solid var(--mantine-color-gray-3)' }}
      data-testid="cookie-notice"
    >
      <Group justify="space-between" align="center" gap="md" maw={1200} mx="auto" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 320px' }}>
          <Text id="cookie-notice-title" fw={650}>
            {t('cookies.title')}
          </Text>
          <Text size="sm" c="dark.5">
            {t('cookies.message')}{' '}
            <Anchor href={`/eula/${i18n.language}.html#privacy`} target="_blank" rel="noopener noreferrer">
              {t('cookies.privacy')}
            </Anchor>
          </Text>
        </Stack>
        <Button onClick={accept}>{t('cookies.ok')}</Button>
      </Group>
    </Paper>
  );
}
