import { trajectoryEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../../lib/endpoint-client';

/** GET /api/v2/trajectories/{id}/update: what moving to the blueprint's latest version changes (D10). */
export function useUpdatePreview(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['trajectories', 'one', id, 'update-preview'],
    queryFn: () => callData(trajectoryEndpoints.updatePreview, { params: { id } }),
    enabled,
    // Always the newest preview when the dialog opens: what it shows is what is confirmed.
    gcTime: 0,
    staleTime: 0,
  });
}
