import type { RegisterRequest } from '@groeipad/core';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterRequest) =>
      apiJson<unknown>('/api/auth/register', { method: 'POST', body, auth: false }),
  });
}
