import { blueprintEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { blueprintsKey } from './use-blueprint-list';

/** GET /api/blueprints/{id}/history: the saved versions, newest first (version, when, by whom). */
export function useBlueprintHistory(id: number) {
  return useQuery({
    queryKey: [...blueprintsKey, 'history', id],
    queryFn: () => callData(blueprintEndpoints.history, { params: { id } }),
  });
}
