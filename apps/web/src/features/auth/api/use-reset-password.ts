import { authEndpoints } from '@groeipad/core';
import { useMutation } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { code: string; password: string }) => callData(authEndpoints.resetPassword, { body }),
  });
}
