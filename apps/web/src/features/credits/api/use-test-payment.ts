import { creditEndpoints, type TEST_CHECKOUT_OUTCOMES } from '@groeipad/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';

/** GET /api/payments/test/{id}: a payment of the built-in test checkout (D22). */
export function useTestPayment(paymentId: string) {
  return useQuery({
    queryKey: ['test-payment', paymentId],
    queryFn: ({ signal }) => callData(creditEndpoints.testPayment, { params: { paymentId }, signal }),
  });
}

/** POST /api/payments/test/{id}: the payer's choice; answers where to go back to. */
export function useCompleteTestPayment(paymentId: string) {
  return useMutation({
    networkMode: 'always',
    mutationFn: (status: (typeof TEST_CHECKOUT_OUTCOMES)[number]) =>
      callData(creditEndpoints.completeTestPayment, { params: { paymentId }, body: { status } }),
  });
}
