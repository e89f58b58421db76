import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiJson<unknown>('/api/auth/request-password-reset', { method: 'POST', body: { email }, auth: false }),
  });
}
