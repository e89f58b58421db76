import type { OrganisationUser } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiResponse } from '../../../lib/api-client';
import { organisationUsersKey } from './use-organisation-users';

/** DELETE /api/organisations/{id}/users/{userId}: removes a member. */
export function useDeleteOrganisationUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: number) => {
      await apiResponse(`/api/organisations/${id}/users/${userId}`, { method: 'DELETE' });
      return userId;
    },
    onSuccess: (userId) => {
      queryClient.setQueryData<OrganisationUser[]>(organisationUsersKey(id), (list) =>
        list?.filter((member) => member.id !== userId),
      );
    },
  });
}
