import { type CreateExtract, extractEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { extractListKey } from './keys';

/** POST /api/extracts (202): one queued extract per trajectory (D17); the list is refreshed. */
export function useCreateExtracts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateExtract) => callData(extractEndpoints.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: extractListKey }),
  });
}
