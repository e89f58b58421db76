import { type UpdateCurrentUser, userEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { currentUserKey } from './use-current-user';

export function useUpdateCurrentUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCurrentUser) => callData(userEndpoints.updateMe, { body }),
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}
