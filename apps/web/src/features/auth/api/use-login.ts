import {
  FIRST_PAGE_ROUTES,
  type LoginRequest,
  type LoginResponse,
  type Tokens,
  type TwoFactorLoginRequest,
} from '@groeipad/core';
import { apiJson } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-store';
import { useAction } from '../../../lib/use-action';
import { isTwoFactorChallenge } from '../two-factor';

/**
 * Sign-in with e-mail and password; without TanStack Query (the sign-in page loads without it). The
 * route is the contract's (authEndpoints.login) through FIRST_PAGE_ROUTES, not the contract itself: its
 * zod schemas would bring zod onto the sign-in page, so the session store reads the tokens instead.
 * A user with two-factor sign-in on gets a challenge instead of tokens (D57): `onChallenge` takes it
 * to the code step (useLoginTwoFactor).
 */
export function useLogin(onChallenge: (challenge: string) => void) {
  const { method, path } = FIRST_PAGE_ROUTES.login;
  return useAction(
    (body: LoginRequest) => apiJson<LoginResponse>(path, { method, body, auth: false }),
    (answer) => {
      if (isTwoFactorChallenge(answer)) onChallenge(answer.challenge);
      else sessionStore.set(answer);
    },
  );
}

/** The second step of a two-factor sign-in (D57): the challenge and a code, for the same tokens. */
export function useLoginTwoFactor() {
  const { method, path } = FIRST_PAGE_ROUTES.loginTwoFactor;
  return useAction(
    (body: TwoFactorLoginRequest) => apiJson<Tokens>(path, { method, body, auth: false }),
    (tokens) => sessionStore.set(tokens),
  );
}
