import { trajectoryEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../../lib/endpoint-client';

/** GET /api/v2/trajectories/{id}/labels: the competences' distinct labels, sorted (the label filter). */
export function useEvaluationLabels(id: number) {
  return useQuery({
    queryKey: ['trajectories', 'one', id, 'labels'] as const,
    queryFn: ({ signal }) => callData(trajectoryEndpoints.labels, { params: { id }, signal }),
  });
}
