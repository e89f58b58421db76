import { type OrganisationInput, organisationEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshSession } from '../../../lib/api-client';
import { callData } from '../../../lib/endpoint-client';
import { organisationsKey } from './use-organisations';

/** Creates an organisation, then refreshes the tokens for it (spec part 2 §2). */
export function useCreateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: OrganisationInput) => {
      const organisation = await callData(organisationEndpoints.create, { body });
      await refreshSession(organisation.id);
      return organisation;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationsKey }),
  });
}
