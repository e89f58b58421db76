import type { LoginRequest, Tokens } from '@groeipad/core';
import { apiJson } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-store';
import { useAction } from '../../../lib/use-action';

/** Sign-in with e-mail and password; without TanStack Query (the sign-in page loads without it). */
export function useLogin() {
  return useAction(
    (body: LoginRequest) => apiJson<Tokens>('/api/auth/login', { method: 'POST', body, auth: false }),
    (tokens) => sessionStore.set(tokens),
  );
}
