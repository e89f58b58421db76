import { creditEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';

/** GET /api/prices: the price tiers `{months, credits}` (D24); they rarely change. */
export function usePrices() {
  return useQuery({
    queryKey: ['prices'],
    queryFn: ({ signal }) => callData(creditEndpoints.prices, { signal }),
    staleTime: 10 * 60_000,
  });
}
