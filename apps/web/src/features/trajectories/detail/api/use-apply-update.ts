import { trajectoryEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../../lib/endpoint-client';
import { trajectoryKey } from './use-trajectory';

/**
 * PUT /api/v2/trajectories/{id}/update {version}: moves the trajectory to the previewed blueprint
 * version (D10); 409 staleDocument when a newer one appeared since the preview. Every section's data
 * may change, so everything of this trajectory reloads.
 */
export function useApplyUpdate(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (version: number) =>
      callData(trajectoryEndpoints.applyUpdate, { params: { id }, body: { version } }),
    onSuccess: (trajectory) => {
      client.setQueryData(trajectoryKey(id), trajectory);
      void client.invalidateQueries({ queryKey: trajectoryKey(id) });
    },
  });
}
