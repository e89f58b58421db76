import { trajectoryEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../../lib/endpoint-client';
import { trajectoryKey } from './use-trajectory';

/** PUT /api/v2/trajectories/{id}: title and description (METADATA; D5), in organisation 0 activeUntil (D12). */
export function useUpdateTrajectory(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; description: string | null; activeUntil?: string | null }) =>
      callData(trajectoryEndpoints.update, { params: { id }, body }),
    onSuccess: (trajectory) => {
      client.setQueryData(trajectoryKey(id), trajectory);
      // The list shows the title and description too.
      void client.invalidateQueries({ queryKey: ['trajectories'], refetchType: 'none' });
    },
  });
}
