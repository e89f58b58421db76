import { useQuery } from '@tanstack/react-query';
import { apiNumber } from '../../../lib/api-client';

/**
 * GET /api/organisations/{id}/discount (a plain-text percentage): loaded only for a fully authenticated
 * owner with an organisation (spec part 2 §6); 0 for anyone else, who sees no discount line.
 */
export function useDiscount(organisationId: number | null, owner: boolean) {
  return useQuery({
    queryKey: ['organisations', organisationId, 'discount'],
    queryFn: ({ signal }) => apiNumber(`/api/organisations/${organisationId}/discount`, { signal }),
    enabled: owner && organisationId !== null,
  });
}
