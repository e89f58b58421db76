import { authEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { sessionStore } from '../../../lib/session-store';

/** Logs out this session; tokens are removed whatever the answer (spec part 2 §4). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const refreshToken = sessionStore.get()?.tokens.refreshToken;
      if (!refreshToken) return;
      try {
        await callData(authEndpoints.logout, { params: { refreshToken } });
      } catch {
        // Logout errors are ignored.
      }
    },
    onSettled: () => {
      sessionStore.clear();
      queryClient.clear();
    },
  });
}
