import { organisationEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callNumber } from '../../../lib/endpoint-client';

/** Credit balance of an organisation; `reloadKey` (the path) reloads it on every navigation. */
export function useCredits(organisationId: number | null, reloadKey: string, enabled: boolean) {
  return useQuery({
    queryKey: ['organisations', organisationId, 'credits', reloadKey],
    queryFn: () => callNumber(organisationEndpoints.credits, { params: { id: organisationId! } }),
    enabled: enabled && organisationId !== null,
    placeholderData: (previous) => previous,
    staleTime: 0,
  });
}
