import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { code: string; password: string }) =>
      apiJson<unknown>('/api/auth/reset-password', { method: 'POST', body, auth: false }),
  });
}
