import { type BlueprintListItem, blueprintEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { blueprintsKey } from './use-blueprint-list';

export interface DeleteOutcome {
  deleted: BlueprintListItem[];
  failed: { blueprint: BlueprintListItem; error: unknown }[];
}

/**
 * Soft delete (spec part 2 §4): PUT /api/blueprints/{id}/status {status: DELETED} for each blueprint;
 * they appear in the trash. Each one succeeds or fails on its own.
 */
export function useDeleteBlueprints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (blueprints: readonly BlueprintListItem[]): Promise<DeleteOutcome> => {
      const results = await Promise.allSettled(
        blueprints.map((blueprint) =>
          callData(blueprintEndpoints.setStatus, {
            params: { id: blueprint.id },
            body: { status: 'DELETED' },
          }),
        ),
      );
      const outcome: DeleteOutcome = { deleted: [], failed: [] };
      results.forEach((result, index) => {
        const blueprint = blueprints[index] as BlueprintListItem;
        if (result.status === 'fulfilled') outcome.deleted.push(blueprint);
        else outcome.failed.push({ blueprint, error: result.reason });
      });
      return outcome;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: blueprintsKey }),
  });
}
