import type { LoginRequest, Tokens } from '@groeipad/core';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-store';

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginRequest) =>
      apiJson<Tokens>('/api/auth/login', { method: 'POST', body, auth: false }),
    onSuccess: (tokens) => {
      sessionStore.set(tokens);
    },
  });
}
