import { useQuery } from '@tanstack/react-query';
import { apiNumber } from '../../../lib/api-client';

/** Credit balance of an organisation; `reloadKey` (the path) reloads it on every navigation. */
export function useCredits(organisationId: number | null, reloadKey: string, enabled: boolean) {
  return useQuery({
    queryKey: ['organisations', organisationId, 'credits', reloadKey],
    queryFn: () => apiNumber(`/api/organisations/${organisationId}/credits`),
    enabled: enabled && organisationId !== null,
    placeholderData: (previous) => previous,
    staleTime: 0,
  });
}
