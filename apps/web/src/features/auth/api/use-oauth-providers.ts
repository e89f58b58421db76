import { useEffect, useState } from 'react';
import { apiJson } from '../../../lib/api-client';

export interface OAuthProvider {
  name: string;
  label: string;
}

const FRESH_MS = 5 * 60_000;
let cached: { at: number; providers: Promise<OAuthProvider[]> } | null = null;

/**
 * The external sign-in providers, fetched once per 5 minutes; no list (no buttons) when the call
 * fails. Without TanStack Query: the sign-in page loads without it.
 */
export function useOAuthProviders(): { data: OAuthProvider[] | undefined } {
  const [data, setData] = useState<OAuthProvider[]>();
  useEffect(() => {
    let live = true;
    if (!cached || Date.now() - cached.at > FRESH_MS) {
      cached = {
        at: Date.now(),
        providers: apiJson<OAuthProvider[]>('/api/oauth2/providers', { auth: false }),
      };
    }
    const current = cached;
    current.providers.then(
      (providers) => {
        if (live) setData(providers);
      },
      () => {
        if (cached === current) cached = null;
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return { data };
}
