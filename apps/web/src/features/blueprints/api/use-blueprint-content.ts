import { BLUEPRINT_TYPE_PATHS, type BlueprintType, blueprintEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { blueprintsKey } from './use-blueprint-list';

/** The query of another blueprint's current content (shared by useBlueprintContent and lists of them). */
export function blueprintContentQuery<T>(type: BlueprintType, id: number | null) {
  return {
    queryKey: [...blueprintsKey, 'content', type, id],
    queryFn: async () =>
      (await callData(blueprintEndpoints.content, {
        params: { type: BLUEPRINT_TYPE_PATHS[type], id: id! },
        query: {},
      })) as T,
    enabled: id !== null,
  };
}

/** The current content of another blueprint, read-only (e.g. a competence list's clusters for a dashboard). */
export function useBlueprintContent<T>(type: BlueprintType, id: number | null) {
  return useQuery(blueprintContentQuery<T>(type, id));
}
