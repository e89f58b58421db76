import { organisationEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';

/** Query key of one organisation (its members and credits live below it). */
export const organisationKey = (id: number) => ['organisations', id] as const;

/** GET /api/organisations/{id}: one organisation the user is a member of. */
export function useOrganisation(id: number) {
  return useQuery({
    queryKey: organisationKey(id),
    queryFn: () => callData(organisationEndpoints.get, { params: { id } }),
  });
}
