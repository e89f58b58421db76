import { CREDIT_PAGE_SIZE, creditEndpoints } from '@groeipad/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';

/** GET /api/credits/transactions?page&size (pages of 20, newest first): purchases and quotes. */
export function useCreditTransactions(page: number) {
  return useQuery({
    queryKey: ['credits', 'transactions', page],
    queryFn: ({ signal }) =>
      callData(creditEndpoints.transactions, { query: { page, size: CREDIT_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/credits/trajectories?page&size: the extensions paid with credits. */
export function useTrajectoryTransactions(page: number) {
  return useQuery({
    queryKey: ['credits', 'trajectory-transactions', page],
    queryFn: ({ signal }) =>
      callData(creditEndpoints.trajectoryTransactions, { query: { page, size: CREDIT_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}
