import { trajectoryEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../../lib/endpoint-client';

/** The query key of one trajectory's header data (others refresh it after a change). */
export function trajectoryKey(id: number) {
  return ['trajectories', 'one', id] as const;
}

/** GET /api/v2/trajectories/{id}: the header with the user's rights (spec part 1 §2). */
export function useTrajectory(id: number) {
  return useQuery({
    queryKey: trajectoryKey(id),
    queryFn: () => callData(trajectoryEndpoints.get, { params: { id } }),
  });
}
