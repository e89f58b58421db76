import { type BlueprintListItem, libraryEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { blueprintsKey } from './use-blueprint-list';
import { libraryKey } from './use-library';

export interface PublishOutcome {
  published: BlueprintListItem[];
  failed: { blueprint: BlueprintListItem; error: unknown }[];
}

/**
 * POST /api/library {id} for each blueprint: publishes its current version; publishing again replaces
 * the earlier entry (D31). Each one succeeds or fails on its own.
 */
export function usePublishBlueprints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (blueprints: readonly BlueprintListItem[]): Promise<PublishOutcome> => {
      const results = await Promise.allSettled(
        blueprints.map((blueprint) => callData(libraryEndpoints.publish, { body: { id: blueprint.id } })),
      );
      const outcome: PublishOutcome = { published: [], failed: [] };
      results.forEach((result, index) => {
        const blueprint = blueprints[index] as BlueprintListItem;
        if (result.status === 'fulfilled') outcome.published.push(blueprint);
        else outcome.failed.push({ blueprint, error: result.reason });
      });
      return outcome;
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: libraryKey });
      await queryClient.invalidateQueries({ queryKey: blueprintsKey });
    },
  });
}
