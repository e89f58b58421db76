import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

export function useActivate() {
  return useMutation({
    mutationFn: (code: string) =>
      apiJson<unknown>('/api/auth/activate', { method: 'POST', body: { code }, auth: false }),
  });
}
