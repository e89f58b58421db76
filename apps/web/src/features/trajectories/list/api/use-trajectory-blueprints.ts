import { blueprintEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../../lib/endpoint-client';

/**
 * The LIVE trajectory blueprints the user may read (GET /api/blueprints, the create dialog's
 * template choice), sorted by name.
 */
export function useTrajectoryBlueprints(enabled = true) {
  return useQuery({
    queryKey: ['blueprints', 'list', 'LIVE'],
    queryFn: ({ signal }) => callData(blueprintEndpoints.list, { query: { status: 'LIVE' }, signal }),
    select: (list) =>
      list
        .filter(
          (blueprint) =>
            blueprint.type === 'TRAJECTORY' && blueprint.status === 'LIVE' && blueprint.abilities.read,
        )
        .sort((a, b) => a.name.localeCompare(b.name)),
    enabled,
  });
}
