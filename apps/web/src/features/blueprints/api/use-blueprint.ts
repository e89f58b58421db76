import { blueprintEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { blueprintsKey } from './use-blueprint-list';

/** One blueprint with the user's rights and abilities. */
export function useBlueprint(id: number | null) {
  return useQuery({
    queryKey: [...blueprintsKey, 'one', id],
    queryFn: () => callData(blueprintEndpoints.get, { params: { id: id! } }),
    enabled: id !== null,
  });
}
