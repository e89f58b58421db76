import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { ApiError } from '../lib/api-error';
import { sessionStore } from '../lib/session-store';
import { ConnectionProvider } from './connection/connection-provider';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400),
    },
  },
});

// Cached answers belong to one user: drop them whenever the signed-in user changes or signs out.
let cachedUser: number | null = sessionStore.get()?.claims.user_id ?? null;
sessionStore.subscribe(() => {
  const user = sessionStore.get()?.claims.user_id ?? null;
  if (user !== cachedUser) queryClient.clear();
  cachedUser = user;
});

export function App() {
  const { i18n } = useTranslation();
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider>
            <Notifications position="top-center" zIndex={4000} />
            <ConnectionProvider>
              <RouterProvider router={router} />
            </ConnectionProvider>
          </ModalsProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
