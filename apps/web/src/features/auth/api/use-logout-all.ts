import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiResponse } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-store';

/** Ends every session of the user; tokens are removed whatever the answer. */
export function useLogoutAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (!sessionStore.get()) return;
      try {
        await apiResponse('/api/auth/logout-all', { method: 'DELETE' });
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
