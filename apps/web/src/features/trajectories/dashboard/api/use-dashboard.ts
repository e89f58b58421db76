import { evaluationEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../../lib/endpoint-client';

/** Under the trajectory's own key: saving the evaluation can invalidate ['trajectories', 'one', id]. */
export function trajectoryDashboardKey(id: number) {
  return ['trajectories', 'one', id, 'dashboard'] as const;
}

/**
 * GET /api/v2/trajectories/{id}/dashboard: the widgets with their figures, or without them and
 * `evaluationReadable: false` for a reader who may not read the evaluation (spec part 1 §6).
 */
export function useDashboard(id: number) {
  return useQuery({
    queryKey: trajectoryDashboardKey(id),
    queryFn: ({ signal }) => callData(evaluationEndpoints.dashboard, { params: { id }, signal }),
  });
}
