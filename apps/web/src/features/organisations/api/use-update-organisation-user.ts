import { memberEndpoints, type OrganisationRole, type OrganisationUser } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { organisationUsersKey, withMember } from './use-organisation-users';

/** PUT /api/organisations/{id}/users/{userId}: a member's new role. */
export function useUpdateOrganisationUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: OrganisationRole }) =>
      callData(memberEndpoints.update, { params: { id, userId }, body: { role } }),
    onSuccess: (member) => {
      queryClient.setQueryData<OrganisationUser[]>(organisationUsersKey(id), (list) =>
        withMember(list, member),
      );
    },
  });
}
