import { zBlueprintListItem } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

/**
 * GET /api/blueprints/extracts (spec part 1 §7): the live extract blueprints the user may read, the
 * choices of the create-extract dialog, by name. The blueprints module serves it as one of its
 * per-type lists (GET /api/blueprints/{type}), outside the endpoint contracts, so the answer is read
 * with the list item's schema here.
 */
export function useExtractBlueprints() {
  return useQuery({
    queryKey: ['blueprints', 'extracts'],
    queryFn: async ({ signal }) =>
      zBlueprintListItem.array().parse(await apiJson('/api/blueprints/extracts', { signal })),
    select: (list) =>
      list
        .filter((blueprint) => blueprint.type === 'EXTRACT' && blueprint.abilities.read)
        .map((blueprint) => ({ id: blueprint.id, name: blueprint.name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
  });
}
