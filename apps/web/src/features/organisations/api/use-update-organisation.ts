import { type OrganisationInput, organisationEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { organisationKey } from './use-organisation';
import { organisationsKey } from './use-organisations';

/** PUT /api/organisations/{id}: the organisation form (owners only). */
export function useUpdateOrganisation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganisationInput) => callData(organisationEndpoints.update, { params: { id }, body }),
    onSuccess: (organisation) => {
      queryClient.setQueryData(organisationKey(id), organisation);
      // The top bar shows the name and logo.
      return queryClient.invalidateQueries({ queryKey: organisationsKey });
    },
  });
}
