import { progressEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../../lib/endpoint-client';

export const myProgressKey = ['trajectories', 'my-progress'] as const;

/**
 * GET /api/v2/progress (D58): where the user lands and, per trajectory they follow without managing it,
 * its card. The start page, the navigation and "Mijn voortgang" share this one answer.
 */
export function useMyProgress() {
  return useQuery({
    queryKey: myProgressKey,
    queryFn: ({ signal }) => callData(progressEndpoints.mine, { signal }),
    staleTime: 30_000,
  });
}
