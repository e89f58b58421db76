import { trajectoryEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../../lib/endpoint-client';

/** The key of every trajectory list query (list and grouped), to refresh them together. */
export const trajectoryListKey = ['trajectories', 'list'] as const;

/** GET /api/v2/trajectories?status=LIVE: the trajectories the user can read, each with their rights. */
export function useTrajectoryList(enabled = true) {
  return useQuery({
    queryKey: [...trajectoryListKey, 'LIVE'],
    queryFn: ({ signal }) => callData(trajectoryEndpoints.list, { query: { status: 'LIVE' }, signal }),
    enabled,
  });
}
