import { trajectoryUpdateEndpoints } from '@groeipad/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callData, callEndpoint } from '../../../../lib/endpoint-client';

/** POST /api/v2/trajectory-updates/check: per trajectory what moving to the latest blueprint changes (D56). */
export function useCohortUpdateCheck(ids: readonly number[]) {
  return useQuery({
    queryKey: ['trajectory-updates', 'check', [...ids]],
    queryFn: () => callData(trajectoryUpdateEndpoints.check, { body: { ids: [...ids] } }),
    // What the dialog shows is what is confirmed: always asked anew.
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}

/** Every trajectory's data may change: the list, and each trajectory's sections, read again. */
function useReloadTrajectories() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['trajectories'], refetchType: 'active' });
}

/** POST /api/v2/trajectory-updates: all of them or none (409 staleDocument, 403, 404 name the one). */
export function useRunCohortUpdate() {
  const reload = useReloadTrajectories();
  return useMutation({
    mutationFn: (trajectories: { id: number; version: number }[]) =>
      callData(trajectoryUpdateEndpoints.run, { body: { trajectories } }),
    onSuccess: () => reload(),
  });
}

/** DELETE /api/v2/trajectory-updates/{id}: the update undone in one step (409 updateNotUndoable names the changed). */
export function useUndoCohortUpdate() {
  const reload = useReloadTrajectories();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(trajectoryUpdateEndpoints.undo, { params: { id } }),
    onSuccess: () => reload(),
  });
}
