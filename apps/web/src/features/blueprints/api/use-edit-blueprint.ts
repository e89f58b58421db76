import { blueprintEndpoints, type EditBlueprint } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { blueprintsKey } from './use-blueprint-list';

/** PUT /api/blueprints/{id}: name and description (ADMIN). */
export function useEditBlueprint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: EditBlueprint & { id: number }) =>
      callData(blueprintEndpoints.edit, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blueprintsKey }),
  });
}
