import { type CreateOrganisationUser, type OrganisationUser, zOrganisationUser } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { organisationUsersKey, withMember } from './use-organisation-users';

/**
 * POST /api/organisations/{id}/users: adds a member; an address without an account is invited by
 * e-mail and stays pending until that person registers.
 */
export function useAddOrganisationUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateOrganisationUser) =>
      zOrganisationUser.parse(await apiJson(`/api/organisations/${id}/users`, { method: 'POST', body })),
    onSuccess: (member) => {
      queryClient.setQueryData<OrganisationUser[]>(organisationUsersKey(id), (list) =>
        withMember(list, member),
      );
    },
  });
}
