import { blueprintEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { blueprintsKey } from './use-blueprint-list';

/**
 * PUT /api/blueprints/{id}/library: replaces the blueprint's content with its library source's, as a new
 * version (D31; ADMIN and company domain). Every blueprint query is read again: list, details, content.
 */
export function useUpdateFromLibrary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blueprintId: number) =>
      callData(blueprintEndpoints.updateFromLibrary, { params: { id: blueprintId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blueprintsKey }),
  });
}
