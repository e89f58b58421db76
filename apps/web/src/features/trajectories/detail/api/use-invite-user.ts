import { trajectoryImportEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../../lib/endpoint-client';
import { trajectoryAccessKey } from './use-trajectory-access';

/**
 * POST …/trajectories/{id}/invitations (D58): mails a user of the access the invitation to make an account
 * (again); the access answer, which carries each user's account state, is read again.
 */
export function useInviteUser(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (user: string) =>
      callData(trajectoryImportEndpoints.invite, { params: { id }, body: { user } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: trajectoryAccessKey(id) }),
  });
}
