import { isAdminRole, zOrganisationUser } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../../lib/api-client';
import { useSession } from '../../../../lib/use-session';

/**
 * E-mail suggestions for default users: the members of the current organisation. Only owners and admins
 * may read that list; for anyone else there are no suggestions (typing an address still works).
 */
export function useMemberEmails(): string[] {
  const claims = useSession()?.claims;
  const organisationId = claims?.organisation_id ?? null;
  const allowed = organisationId !== null && isAdminRole(claims?.user_role ?? null);
  const query = useQuery({
    queryKey: ['organisations', organisationId, 'users', 'emails'],
    queryFn: async () =>
      zOrganisationUser
        .array()
        .parse(await apiJson(`/api/organisations/${organisationId}/users`))
        .map((member) => member.email),
    enabled: allowed,
    retry: false,
    staleTime: 60_000,
  });
  return query.data ?? [];
}
