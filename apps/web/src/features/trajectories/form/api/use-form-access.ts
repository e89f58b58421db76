import { trajectoryEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../../lib/endpoint-client';

/**
 * GET /api/v2/trajectories/{id}/access: the roles and users (every reader may read them, D35), from
 * which the form works out which fields the user may write. Its own key: the access section keeps
 * its own copy with the version it edits.
 */
export function useFormAccess(id: number) {
  return useQuery({
    queryKey: ['trajectories', 'one', id, 'form-access'] as const,
    queryFn: ({ signal }) => callData(trajectoryEndpoints.access, { params: { id }, signal }),
  });
}
