import { type TrajectoryListItem, trajectoryEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../../lib/endpoint-client';
import { trajectoryListKey } from './use-trajectory-list';

export interface DeleteOutcome {
  deleted: TrajectoryListItem[];
  failed: { trajectory: TrajectoryListItem; error: unknown }[];
}

/**
 * The list's delete (spec part 1 §4): PUT /api/v2/trajectories/{id}/status {status: DELETED} for each
 * selected trajectory, which moves it to the trash. Each succeeds or fails on its own.
 */
export function useDeleteTrajectories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (trajectories: readonly TrajectoryListItem[]): Promise<DeleteOutcome> => {
      const results = await Promise.allSettled(
        trajectories.map((trajectory) =>
          callData(trajectoryEndpoints.setStatus, {
            params: { id: trajectory.id },
            body: { status: 'DELETED' },
          }),
        ),
      );
      const outcome: DeleteOutcome = { deleted: [], failed: [] };
      results.forEach((result, index) => {
        const trajectory = trajectories[index] as TrajectoryListItem;
        if (result.status === 'fulfilled') outcome.deleted.push(trajectory);
        else outcome.failed.push({ trajectory, error: result.reason });
      });
      return outcome;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: trajectoryListKey }),
  });
}
