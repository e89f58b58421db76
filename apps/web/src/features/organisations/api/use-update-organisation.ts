import { type OrganisationInput, zOrganisation } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { organisationKey } from './use-organisation';
import { organisationsKey } from './use-organisations';

/** PUT /api/organisations/{id}: the organisation form (owners only). */
export function useUpdateOrganisation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: OrganisationInput) =>
      zOrganisation.parse(await apiJson(`/api/organisations/${id}`, { method: 'PUT', body })),
    onSuccess: (organisation) => {
      queryClient.setQueryData(organisationKey(id), organisation);
      // The top bar shows the name and logo.
      return queryClient.invalidateQueries({ queryKey: organisationsKey });
    },
  });
}
