import { authEndpoints, type OAuthCodeQuery } from '@groeipad/core';
import { useMutation } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { sessionStore } from '../../../lib/session-store';

export interface OAuthCodeInput {
  provider: string;
  /** The provider's callback query as received (code, state, iss). */
  callback: OAuthCodeQuery;
}

/** Exchanges the code of an external sign-in for tokens. */
export function useOAuthCode() {
  return useMutation({
    mutationFn: ({ provider, callback }: OAuthCodeInput) =>
      callData(authEndpoints.oauthCode, {
        params: { provider },
        // Parameters the callback left empty are not passed on.
        query: { code: callback.code, state: callback.state || undefined, iss: callback.iss || undefined },
      }),
    onSuccess: (tokens) => {
      sessionStore.set(tokens);
    },
  });
}
