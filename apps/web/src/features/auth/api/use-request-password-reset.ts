import { authEndpoints } from '@groeipad/core';
import { useMutation } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => callData(authEndpoints.requestPasswordReset, { body: { email } }),
  });
}
