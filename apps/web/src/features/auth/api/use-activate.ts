import { authEndpoints } from '@groeipad/core';
import { useMutation } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';

export function useActivate() {
  return useMutation({
    mutationFn: (code: string) => callData(authEndpoints.activate, { body: { code } }),
  });
}
