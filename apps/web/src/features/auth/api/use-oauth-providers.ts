import { FIRST_PAGE_ROUTES, type OAuthProvider } from '@groeipad/core';
import { useEffect, useState } from 'react';
import { apiJson } from '../../../lib/api-client';

const FRESH_MS = 5 * 60_000;
let cached: { at: number; providers: Promise<OAuthProvider[]> } | null = null;

/**
 * The external sign-in providers, fetched once per 5 minutes; no list (no buttons) when the call
 * fails. Without TanStack Query and zod: the sign-in page loads without them, so the route comes from
 * FIRST_PAGE_ROUTES (the contract authEndpoints.oauthProviders is built from it).
 */
export function useOAuthProviders(): { data: OAuthProvider[] | undefined } {
  const [data, setData] = useState<OAuthProvider[]>();
  useEffect(() => {
    let live = true;
    if (!cached || Date.now() - cached.at > FRESH_MS) {
      cached = {
        at: Date.now(),
        providers: apiJson<OAuthProvider[]>(FIRST_PAGE_ROUTES.oauthProviders.path, { auth: false }),
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
