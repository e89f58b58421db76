import { creditEndpoints, type OrderLine } from '@groeipad/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { trajectoryListKey } from '../../trajectories';

/** POST /api/prices/calculations: the price of the order as it stands (D24); none while it is empty. */
export function useOrderPrice(order: readonly OrderLine[]) {
  return useQuery({
    queryKey: ['prices', 'order', order],
    queryFn: ({ signal }) =>
      callData(creditEndpoints.calculate, { body: { trajectories: [...order] }, signal }),
    enabled: order.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * POST /api/credits/trajectories (201): credits deducted and every activeUntil moved in one go; the
 * trajectory list, the balance and the transactions load again.
 */
export function useExtendTrajectories() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (order: readonly OrderLine[]) =>
      callData(creditEndpoints.extend, { body: { trajectories: [...order] } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trajectoryListKey }),
        queryClient.invalidateQueries({ queryKey: ['credits'] }),
        queryClient.invalidateQueries({ queryKey: ['organisations'] }),
      ]),
  });
}
