import { Box, Group, Stack } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { AuthPanel } from '../../../components/auth-card';
import { Brand } from '../../../components/brand';
import { ConnectionIndicator } from '../../../components/connection/connection-indicator';
import { CookieNotice } from '../../../components/cookie-notice';
import { LanguageSelector } from '../../../components/language-selector';
import { PageLoader } from '../../../components/page-loader';
import { RestoreSession } from '../../../components/restore-session';
import { lazyPage } from '../../../lib/lazy-page';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSessionStage } from '../../../lib/use-session';
import { LoginForm } from '../components/login-form';
import { MarketingPanel } from '../components/marketing-panel';

// Later stages of signing in, with TanStack Query: not downloaded with the form.
const LicenceStage = lazyPage(() => import('../components/sign-in-stages'), 'LicenceStage');
const OrganisationStage = lazyPage(() => import('../components/sign-in-stages'), 'OrganisationStage');

interface LoginLocationState {
  from?: string;
  errorKey?: string;
}

function safeTarget(from: string | undefined): string {
  if (!from?.startsWith('/') || from.startsWith('//') || from.startsWith('/login')) return '/';
  return from;
}

/** Standalone sign-in page: login form → licence → organisation picker (spec part 1 §2, §4). */
export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const state = (location.state ?? {}) as LoginLocationState;
  const stage = useSessionStage();
  usePageTitle(
    t(stage === 'eula' ? 'licence.title' : stage === 'organisation' ? 'picker.title' : 'auth.login.title'),
  );

  if (stage === 'ready') return <Navigate to={safeTarget(state.from)} replace />;

  let content: React.ReactNode;
  if (stage === 'expired') content = <RestoreSession />;
  else if (stage === 'eula') content = <LicenceStage />;
  else if (stage === 'organisation') content = <OrganisationStage />;
  else content = <LoginForm initialErrorKey={state.errorKey ?? null} />;

  const wide = stage === 'eula';
  return (
    <Box mih="100vh" style={{ display: 'flex' }} bg="gray.0">
      <Box visibleFrom="md" w="44%" maw={640} style={{ flexShrink: 0 }}>
        <MarketingPanel />
      </Box>
      <Stack component="main" style={{ flex: 1, minWidth: 0 }} gap={0}>
        <Group justify="space-between" p="md" component="header">
          <Box hiddenFrom="md">
            <Brand />
          </Box>
          <Box visibleFrom="md" />
          <Group gap={4} aria-label={t('app.settings')} role="group">
            <ConnectionIndicator />
            <LanguageSelector />
          </Group>
        </Group>
        <Stack flex={1} justify="center" px={{ base: 'sm', sm: 'xl' }} pb={140}>
          <AuthPanel maw={wide ? 760 : 460}>
            <Suspense fallback={<PageLoader />}>{content}</Suspense>
          </AuthPanel>
        </Stack>
      </Stack>
      <CookieNotice />
    </Box>
  );
}
