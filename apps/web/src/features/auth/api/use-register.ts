import { authEndpoints, type RegisterRequest } from '@groeipad/core';
import { useMutation } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterRequest) => callData(authEndpoints.register, { body }),
  });
}
