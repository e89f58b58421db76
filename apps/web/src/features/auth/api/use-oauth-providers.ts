import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

export interface OAuthProvider {
  name: string;
  label: string;
}

export function useOAuthProviders() {
  return useQuery({
    queryKey: ['oauth2', 'providers'],
    queryFn: () => apiJson<OAuthProvider[]>('/api/oauth2/providers', { auth: false }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
