import { liveBlueprintEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';

/**
 * GET /api/blueprints/extracts (spec part 1 §7): the live extract blueprints the user may read, the
 * choices of the create-extract dialog, by name (one of the per-type lists, GET /api/blueprints/{type}).
 */
export function useExtractBlueprints() {
  return useQuery({
    queryKey: ['blueprints', 'extracts'],
    queryFn: ({ signal }) => callData(liveBlueprintEndpoints.EXTRACT, { signal }),
    select: (list) =>
      list
        .filter((blueprint) => blueprint.type === 'EXTRACT' && blueprint.abilities.read)
        .map((blueprint) => ({ id: blueprint.id, name: blueprint.name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
  });
}
