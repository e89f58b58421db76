import { type TrajectoryImport, trajectoryImportEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../../lib/endpoint-client';
import { trajectoryListKey } from '../../list/api/use-trajectory-list';

/** POST /api/v2/trajectories/import/check: the server's judgement of every row; nothing is made (the preview). */
export function useImportCheck() {
  return useMutation({
    mutationFn: (body: TrajectoryImport) => callData(trajectoryImportEndpoints.check, { body }),
  });
}

/**
 * POST /api/v2/trajectories/import: every row's trajectory, all or none. The list and its group-by keys
 * (the new columns, such as Klas) are read again.
 */
export function useImportTrajectories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrajectoryImport) => callData(trajectoryImportEndpoints.run, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trajectoryListKey }),
        queryClient.invalidateQueries({ queryKey: ['trajectories', 'information-keys'] }),
      ]),
  });
}
