import { type PatchOperation, trajectoryEndpoints } from '@groeipad/core';
import { useMutation } from '@tanstack/react-query';
import { callData } from '../../../../lib/endpoint-client';

/** PATCH /api/v2/trajectories/{id}/information: the information map at `/<column>` (D33). */
export function usePatchInformation() {
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: PatchOperation[] }) =>
      callData(trajectoryEndpoints.information, { params: { id }, body: patch }),
  });
}
