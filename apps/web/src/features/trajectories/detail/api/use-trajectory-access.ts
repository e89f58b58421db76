import { trajectoryEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint-client';

export function trajectoryAccessKey(id: number) {
  return ['trajectories', 'one', id, 'access'] as const;
}

/**
 * GET /api/v2/trajectories/{id}/access: roles and users with the version from the ETag (D29), readable by
 * every reader (D35).
 */
export function useTrajectoryAccess(id: number) {
  return useQuery({
    queryKey: trajectoryAccessKey(id),
    queryFn: async () => {
      const answer = await callEndpoint(trajectoryEndpoints.access, { params: { id } });
      return { access: answer.data, version: answer.version ?? 0 };
    },
  });
}
