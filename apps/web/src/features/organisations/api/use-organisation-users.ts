import { memberEndpoints, type OrganisationUser } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';

export const organisationUsersKey = (id: number) => ['organisations', id, 'users'] as const;

/** The member list with `member` put in or replaced, kept sorted by e-mail as the server sorts it. */
export function withMember(list: readonly OrganisationUser[] | undefined, member: OrganisationUser) {
  const others = (list ?? []).filter((entry) => entry.id !== member.id);
  return [...others, member].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
}

/** GET /api/organisations/{id}/users: the members, sorted by e-mail (owners and admins). */
export function useOrganisationUsers(id: number, enabled = true) {
  return useQuery({
    queryKey: organisationUsersKey(id),
    queryFn: () => callData(memberEndpoints.list, { params: { id } }),
    enabled,
  });
}
