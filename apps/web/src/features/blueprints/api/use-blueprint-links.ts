import { blueprintEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { blueprintsKey } from './use-blueprint-list';

/** GET /api/blueprints/{id}/links: where each link of a trajectory blueprint stands (live, removed, noAccess). */
export function useBlueprintLinks(id: number) {
  return useQuery({
    queryKey: [...blueprintsKey, 'links', id],
    queryFn: () => callData(blueprintEndpoints.links, { params: { id } }),
  });
}
