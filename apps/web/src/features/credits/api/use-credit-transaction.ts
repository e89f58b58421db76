import { creditEndpoints, isFinalPaymentStatus } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callData } from '../../../lib/endpoint-client';

/** How long the return page waits for the provider's word before it stops asking. */
const WAIT_MS = 60_000;

/**
 * GET /api/credits/transactions/{id}: the purchase the checkout returned from, asked again every 2 s
 * while its payment has not ended (the provider's webhook may come after the payer), for a minute.
 */
export function useCreditTransaction(id: number | null) {
  const [started] = useState(() => Date.now());
  return useQuery({
    queryKey: ['credits', 'transaction', id],
    queryFn: ({ signal }) => callData(creditEndpoints.transaction, { params: { id: id! }, signal }),
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.paymentStatus;
      if (status === undefined || isFinalPaymentStatus(status) || status === 'quote') return false;
      return Date.now() - started < WAIT_MS ? 2000 : false;
    },
  });
}
