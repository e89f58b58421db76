import type { Tokens } from '@groeipad/core';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-store';

export interface OAuthCodeInput {
  provider: string;
  code: string;
  state: string | null;
}

/** Exchanges the code of an external sign-in for tokens. */
export function useOAuthCode() {
  return useMutation({
    mutationFn: ({ provider, code, state }: OAuthCodeInput) => {
      const query = new URLSearchParams({ code });
      if (state) query.set('state', state);
      return apiJson<Tokens>(`/api/oauth2/${encodeURIComponent(provider)}/code?${query}`, { auth: false });
    },
    onSuccess: (tokens) => {
      sessionStore.set(tokens);
    },
  });
}
