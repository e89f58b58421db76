import { cohortEndpoints, expandCohortGrid } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../../lib/endpoint-client';

/** The cache key of one grid: its trajectories in the order asked. */
export function cohortKey(ids: readonly number[]) {
  return ['trajectories', 'cohort', ids.join(',')] as const;
}

/**
 * GET /api/v2/trajectories/cohort?ids=…: the latest scores of these trajectories by competence uuid, each
 * row's evaluation version and whether the user may score it, and the columns (issue 22). Not asked
 * without ids. No retry on a 4xx (the 404 of a trajectory that is not theirs is final).
 */
export function useCohortGrid(ids: readonly number[] | null) {
  return useQuery({
    queryKey: cohortKey(ids ?? []),
    // Unfolded once: each row with its scale and a cell per competence (core expandCohortGrid).
    queryFn: async ({ signal }) =>
      expandCohortGrid(
        await callData(cohortEndpoints.grid, { query: { ids: (ids ?? []).join(',') }, signal }),
      ),
    enabled: ids !== null && ids.length > 0,
  });
}
