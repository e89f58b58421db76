import { type BlueprintUserRights, blueprintEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { blueprintsKey } from './use-blueprint-list';
import { blueprintRightsKey } from './use-blueprint-rights';

/** PUT /api/blueprints/{id}/rights: replaces the user rights (ADMIN). */
export function useSaveBlueprintRights(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (list: BlueprintUserRights[]) =>
      callData(blueprintEndpoints.setRights, { params: { id }, body: list }),
    onSuccess: (saved) => {
      queryClient.setQueryData(blueprintRightsKey(id), saved);
      return queryClient.invalidateQueries({ queryKey: [...blueprintsKey, 'list'] });
    },
  });
}
