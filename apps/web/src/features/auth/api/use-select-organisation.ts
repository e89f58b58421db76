import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshSession } from '../../../lib/api-client';

/** Refreshes the tokens for the chosen organisation. */
export function useSelectOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organisationId: number) => refreshSession(organisationId),
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'organisations' });
    },
  });
}
