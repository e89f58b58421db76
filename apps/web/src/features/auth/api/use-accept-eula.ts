import { useMutation } from '@tanstack/react-query';
import { apiJson, refreshSession } from '../../../lib/api-client';

/** Signs the licence, then refreshes so the token carries eula: true (spec part 1 §4). */
export function useAcceptEula() {
  return useMutation({
    mutationFn: async () => {
      await apiJson<unknown>('/api/auth/eula', { method: 'POST', body: {} });
      return refreshSession(null);
    },
  });
}
