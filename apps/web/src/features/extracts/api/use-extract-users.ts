import { extractEndpoints } from '@groeipad/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { extractListKey, extractUsersKey } from './keys';

/** GET /api/extracts/{id}/users: the addresses the extract is shared with (null id: not asked). */
export function useExtractUsers(id: number | null) {
  return useQuery({
    queryKey: extractUsersKey(id ?? 0),
    queryFn: ({ signal }) => callData(extractEndpoints.users, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/**
 * POST /api/extracts/{id}/users for each extract with the same addresses (D26): the whole list is
 * refused when one address is not a member (400, nothing added, D37). Each extract succeeds or fails
 * on its own; the list's shared counts are refreshed.
 */
export function useShareExtracts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, emails }: { ids: readonly number[]; emails: string[] }) => {
      const results = await Promise.allSettled(
        ids.map((id) => callData(extractEndpoints.share, { params: { id }, body: emails })),
      );
      return ids.map((id, index) => ({ id, result: results[index] as PromiseSettledResult<string[]> }));
    },
    onSuccess: (outcome) => {
      for (const { id, result } of outcome)
        if (result.status === 'fulfilled') queryClient.setQueryData(extractUsersKey(id), result.value);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: extractListKey }),
  });
}
