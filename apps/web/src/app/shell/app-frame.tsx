import '@mantine/dates/styles.css';
import { Anchor, AppShell, Box, Burger, Container, Group } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import dayjs from 'dayjs';
import 'dayjs/locale/nl';
import 'dayjs/locale/en';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { Brand } from '../../components/brand';
import { ConnectionIndicator } from '../../components/connection/connection-indicator';
import { CookieNotice } from '../../components/cookie-notice';
import { LanguageSelector } from '../../components/language-selector';
import { PageLoader } from '../../components/page-loader';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { wantNotifications } from '../../lib/notifications';
import { QueryProvider } from '../../lib/query';
import { useSessionStage } from '../../lib/use-session';
import { CreditChip } from './credit-chip';
import { NavLinks } from './nav-links';
import { OrganisationSelector } from './organisation-selector';
import { UserMenu } from './user-menu';

/**
 * Page frame: top bar, content and cookie notice (spec part 2 §2). Loaded lazily with what only its
 * pages use (TanStack Query, date pickers with dayjs, modals), so the sign-in page does not download them.
 */
export function AppFrame() {
  const { i18n } = useTranslation();
  useEffect(() => {
    dayjs.locale(i18n.language);
  }, [i18n.language]);
  // Its pages show notices with `notifications.show`: mount the container.
  useEffect(wantNotifications, []);
  return (
    <QueryProvider>
      <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
        <ModalsProvider>
          <Frame />
        </ModalsProvider>
      </DatesProvider>
    </QueryProvider>
  );
}

function Frame() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const ready = useSessionStage() === 'ready';
  const [menuOpen, menu] = useDisclosure(false);

  useEffect(() => {
    if (pathname) menu.close();
  }, [pathname, menu.close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !menuOpen || !ready, desktop: true } }}
      padding={0}
    >
      <Anchor
        href="#main"
        pos="absolute"
        top={-100}
        left={8}
        style={{ zIndex: 1000 }}
        onFocus={(event) => {
          event.currentTarget.style.top = '8px';
        }}
        onBlur={(event) => {
          event.currentTarget.style.top = '-100px';
        }}
      >
        {t('app.skipToContent')}
      </Anchor>
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} gap="xs" wrap="nowrap" justify="space-between">
          <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
            {ready ? (
              <Burger
                opened={menuOpen}
                onClick={menu.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t(menuOpen ? 'nav.closeMenu' : 'nav.openMenu')}
              />
            ) : null}
            <Anchor
              component={Link}
              to="/"
              aria-label={t('nav.home')}
              underline="never"
              visibleFrom={ready ? 'xs' : undefined}
            >
              <Brand withName={false} />
            </Anchor>
            <OrganisationSelector />
            {ready ? (
              <Box component="nav" aria-label={t('nav.main')} visibleFrom="sm">
                <Group gap={2} wrap="nowrap">
                  <NavLinks pathname={pathname} />
                </Group>
              </Box>
            ) : null}
          </Group>
          <Group gap={4} wrap="nowrap">
            <CreditChip />
            <NotificationBell />
            <ConnectionIndicator />
            {/* On the narrowest phones the language moves into the menu, so the bar keeps its room (320 px). */}
            <Box visibleFrom={ready ? 'xs' : undefined}>
              <LanguageSelector />
            </Box>
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      {ready ? (
        <AppShell.Navbar p="md" hiddenFrom="sm" aria-label={t('nav.main')} inert={!menuOpen}>
          <NavLinks pathname={pathname} vertical onNavigate={menu.close} />
          <Box hiddenFrom="xs" mt="md">
            <LanguageSelector />
          </Box>
        </AppShell.Navbar>
      ) : null}
      <AppShell.Main id="main">
        <Container size="xl" px={{ base: 'sm', sm: 'lg' }} py="lg" pb={160}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
      </AppShell.Main>
      <div data-no-print>
        <CookieNotice />
      </div>
    </AppShell>
  );
}
