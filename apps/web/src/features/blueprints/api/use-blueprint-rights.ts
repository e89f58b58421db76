import { blueprintEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { blueprintsKey } from './use-blueprint-list';

export const blueprintRightsKey = (id: number) => [...blueprintsKey, 'rights', id] as const;

/** GET /api/blueprints/{id}/rights: the users and their rights (READ). */
export function useBlueprintRights(id: number) {
  return useQuery({
    queryKey: blueprintRightsKey(id),
    queryFn: () => callData(blueprintEndpoints.rights, { params: { id } }),
  });
}
