import { authEndpoints } from '@groeipad/core';
import { useMutation } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';

/** Activation by the mailed code; `password` when the server asked for it (access waiting, D53). */
export function useActivate() {
  return useMutation({
    mutationFn: ({ code, password }: { code: string; password?: string }) =>
      callData(authEndpoints.activate, { body: password === undefined ? { code } : { code, password } }),
  });
}
