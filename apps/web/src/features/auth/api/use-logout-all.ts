import { authEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { sessionStore } from '../../../lib/session-store';

/** Ends every session of the user; tokens are removed whatever the answer. */
export function useLogoutAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (!sessionStore.get()) return;
      try {
        await callData(authEndpoints.logoutAll);
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
