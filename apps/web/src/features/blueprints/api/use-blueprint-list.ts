import { type BlueprintType, blueprintEndpoints, liveBlueprintEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';

export const blueprintsKey = ['blueprints'] as const;

/** The blueprints the user may read (LIVE or DELETED). */
export function useBlueprintList(status: 'LIVE' | 'DELETED' = 'LIVE') {
  return useQuery({
    queryKey: [...blueprintsKey, 'list', status],
    queryFn: () => callData(blueprintEndpoints.list, { query: { status } }),
  });
}

/** The LIVE blueprints of one type (pickers for linked sub-blueprints, the extract dialog). */
export function useBlueprintsOfType(type: BlueprintType) {
  return useQuery({
    queryKey: [...blueprintsKey, 'type', type],
    queryFn: () => callData(liveBlueprintEndpoints[type]),
  });
}
