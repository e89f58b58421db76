import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from './api-error';
import { sessionStore } from './session-store';

/**
 * The one TanStack Query client. Provided by the signed-in frame (app/shell/app-frame.tsx) and by the
 * later sign-in stages (licence, organisation picker), not by the app root: the sign-in form loads
 * without TanStack Query.
 */
export const queryClient = new QueryClient({
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

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
