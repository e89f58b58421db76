import { type CreateOrganisationUser, memberEndpoints, type OrganisationUser } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { organisationUsersKey, withMember } from './use-organisation-users';

/**
 * POST /api/organisations/{id}/users: adds a member; an address without an account is invited by
 * e-mail and stays pending until that person registers.
 */
export function useAddOrganisationUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrganisationUser) => callData(memberEndpoints.add, { params: { id }, body }),
    onSuccess: (member) => {
      queryClient.setQueryData<OrganisationUser[]>(organisationUsersKey(id), (list) =>
        withMember(list, member),
      );
    },
  });
}
