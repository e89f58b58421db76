import { userEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';

export const currentUserKey = ['users', 'me'] as const;

export function useCurrentUser() {
  return useQuery({ queryKey: currentUserKey, queryFn: () => callData(userEndpoints.me) });
}
