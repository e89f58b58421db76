import { type TrajectoryAccess, trajectoryEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint-client';
import { trajectoryFormKey } from '../../form/api/use-trajectory-form';
import { trajectoryKey } from './use-trajectory';
import { trajectoryAccessKey } from './use-trajectory-access';

/**
 * PUT /api/v2/trajectories/{id}/access with `If-Match` (D29): the whole list; a stale version answers
 * 409 staleDocument. The user's rights on the trajectory may change with it, so the header (its
 * abilities) and the form (the fields they may write) reload.
 */
export function useSaveAccess(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ access, version }: { access: TrajectoryAccess; version: number }) => {
      const answer = await callEndpoint(trajectoryEndpoints.putAccess, {
        params: { id },
        body: access,
        ifMatch: version,
      });
      return { access: answer.data, version: answer.version ?? version + 1 };
    },
    onSuccess: (saved) => {
      client.setQueryData(trajectoryAccessKey(id), saved);
      void client.invalidateQueries({ queryKey: trajectoryKey(id), exact: true });
      void client.invalidateQueries({ queryKey: trajectoryFormKey(id), exact: true });
    },
  });
}
