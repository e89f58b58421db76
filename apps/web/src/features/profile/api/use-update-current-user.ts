import type { CurrentUser, UpdateCurrentUser } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { currentUserKey } from './use-current-user';

export function useUpdateCurrentUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCurrentUser) => apiJson<CurrentUser>('/api/users/me', { method: 'PUT', body }),
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}
