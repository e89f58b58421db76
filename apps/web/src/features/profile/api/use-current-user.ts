import type { CurrentUser } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

export const currentUserKey = ['users', 'me'] as const;

export function useCurrentUser() {
  return useQuery({ queryKey: currentUserKey, queryFn: () => apiJson<CurrentUser>('/api/users/me') });
}
