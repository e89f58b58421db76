import { isAdminRole, memberEndpoints, type OrganisationRole } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';

/**
 * The e-mail addresses of the organisation's members, as suggestions for the blueprint rights editor.
 * GET /api/organisations/{id}/users answers only owners and admins: anyone else (or any failure, such as
 * a 403) simply gets no suggestions.
 */
export function useMemberEmails(organisationId: number | null, role: OrganisationRole | null) {
  const enabled = organisationId !== null && isAdminRole(role);
  const query = useQuery({
    queryKey: ['organisations', organisationId, 'users'],
    queryFn: () => callData(memberEndpoints.list, { params: { id: organisationId! } }),
    enabled,
  });
  return enabled && query.data ? query.data.map((member) => member.email) : [];
}
