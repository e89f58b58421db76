import { authEndpoints } from '@groeipad/core';
import { useMutation } from '@tanstack/react-query';
import { refreshSession } from '../../../lib/api-client';
import { callData } from '../../../lib/endpoint-client';

/** Signs the licence, then refreshes so the token carries eula: true (spec part 1 §4). */
export function useAcceptEula() {
  return useMutation({
    mutationFn: async () => {
      await callData(authEndpoints.acceptEula, { body: {} });
      return refreshSession(null);
    },
  });
}
