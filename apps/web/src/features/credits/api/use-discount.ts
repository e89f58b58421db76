import { organisationEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callNumber } from '../../../lib/endpoint-client';

/**
 * GET /api/organisations/{id}/discount (a plain-text percentage): loaded only for a fully authenticated
 * owner with an organisation (spec part 2 §6); 0 for anyone else, who sees no discount line.
 */
export function useDiscount(organisationId: number | null, owner: boolean) {
  return useQuery({
    queryKey: ['organisations', organisationId, 'discount'],
    queryFn: ({ signal }) =>
      callNumber(organisationEndpoints.discount, { params: { id: organisationId! }, signal }),
    enabled: owner && organisationId !== null,
  });
}
