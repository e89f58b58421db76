import { memberEndpoints, type OrganisationUser } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { organisationUsersKey } from './use-organisation-users';

/** DELETE /api/organisations/{id}/users/{userId}: removes a member. */
export function useDeleteOrganisationUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: number) => {
      await callData(memberEndpoints.remove, { params: { id, userId } });
      return userId;
    },
    onSuccess: (userId) => {
      queryClient.setQueryData<OrganisationUser[]>(organisationUsersKey(id), (list) =>
        list?.filter((member) => member.id !== userId),
      );
    },
  });
}
