import type { OAuthCodeQuery, Tokens } from '@groeipad/core';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-store';

export interface OAuthCodeInput {
  provider: string;
  /** The provider's callback query as received (code, state, iss). */
  callback: OAuthCodeQuery;
}

/** Exchanges the code of an external sign-in for tokens. */
export function useOAuthCode() {
  return useMutation({
    mutationFn: ({ provider, callback }: OAuthCodeInput) => {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(callback)) if (value) query.set(name, value);
      return apiJson<Tokens>(`/api/oauth2/${encodeURIComponent(provider)}/code?${query}`, { auth: false });
    },
    onSuccess: (tokens) => {
      sessionStore.set(tokens);
    },
  });
}
