import {
  BLUEPRINT_TYPE_PATHS,
  blueprintEndpoints,
  type TrajectoryBlueprintContent,
  zTrajectoryBlueprintContent,
} from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../../lib/endpoint-client';
import type { BlueprintAccess } from '../creation';

/** GET /api/blueprints/trajectories/{id}/content: a trajectory blueprint's current content. */
function contentQuery(blueprintId: number) {
  return {
    queryKey: ['blueprints', 'content', 'TRAJECTORY', blueprintId],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      callData(blueprintEndpoints.content, {
        params: { type: BLUEPRINT_TYPE_PATHS.TRAJECTORY, id: blueprintId },
        query: {},
        signal,
      }),
  };
}

function parse(content: unknown): TrajectoryBlueprintContent {
  return zTrajectoryBlueprintContent.parse(content);
}

/** The roles and default users of a trajectory blueprint, which a trajectory made from it receives. */
export function useBlueprintAccess(blueprintId: number | null) {
  return useQuery({
    ...contentQuery(blueprintId ?? 0),
    select: (content): BlueprintAccess => {
      const { roles, users } = parse(content);
      return { roles, users };
    },
    enabled: blueprintId !== null,
  });
}

/** At most this many blueprints are read for group-by suggestions. */
const _SUGGESTION_BLUEPRINTS = 20;
