import { type CreditPurchaseRequest, creditEndpoints } from '@groeipad/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';

export const creditKeys = {
  all: ['credits'] as const,
  quotes: ['credits', 'quotes'] as const,
  transactions: (page: number) => ['credits', 'transactions', page] as const,
  trajectoryTransactions: (page: number) => ['credits', 'trajectory-transactions', page] as const,
};

/**
 * POST /api/credits (checkout) or /api/credits/quotes (a quote), D22, D25. Mutations run whatever the
 * browser thinks of the network, so a lost connection fails at once with internetDisconnectedError.
 */
export function useCreditPurchase(kind: 'checkout' | 'quote') {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: CreditPurchaseRequest) =>
      callData(kind === 'checkout' ? creditEndpoints.buy : creditEndpoints.requestQuote, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creditKeys.all }),
  });
}

/** GET /api/credits/quotes?status=open: the quotes not yet accepted. */
export function useOpenQuotes() {
  return useQuery({
    queryKey: creditKeys.quotes,
    queryFn: ({ signal }) => callData(creditEndpoints.quotes, { query: { status: 'open' }, signal }),
  });
}

/** POST /api/credits/transactions/{id}/accept: the quote goes to checkout for its own amount (D25). */
export function useAcceptQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ id, ...body }: CreditPurchaseRequest & { id: number }) =>
      callData(creditEndpoints.accept, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creditKeys.all }),
  });
}
