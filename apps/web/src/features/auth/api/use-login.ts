import { FIRST_PAGE_ROUTES, type LoginRequest, type Tokens } from '@groeipad/core';
import { apiJson } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-store';
import { useAction } from '../../../lib/use-action';

/**
 * Sign-in with e-mail and password; without TanStack Query (the sign-in page loads without it). The
 * route is the contract's (authEndpoints.login) through FIRST_PAGE_ROUTES, not the contract itself: its
 * zod schemas would bring zod onto the sign-in page, so the session store reads the tokens instead.
 */
export function useLogin() {
  const { method, path } = FIRST_PAGE_ROUTES.login;
  return useAction(
    (body: LoginRequest) => apiJson<Tokens>(path, { method, body, auth: false }),
    (tokens) => sessionStore.set(tokens),
  );
}
