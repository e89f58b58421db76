import { type OrganisationRole, type OrganisationUser, zOrganisationUser } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { organisationUsersKey, withMember } from './use-organisation-users';

/** PUT /api/organisations/{id}/users/{userId}: a member's new role. */
export function useUpdateOrganisationUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, role }: { userId: number; role: OrganisationRole }) =>
      zOrganisationUser.parse(
        await apiJson(`/api/organisations/${id}/users/${userId}`, { method: 'PUT', body: { role } }),
      ),
    onSuccess: (member) => {
      queryClient.setQueryData<OrganisationUser[]>(organisationUsersKey(id), (list) =>
        withMember(list, member),
      );
    },
  });
}
