import { libraryEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { blueprintsKey } from './use-blueprint-list';
import { libraryKey } from './use-library';

/** DELETE /api/library/{id}: removes an entry from the library (company domain). */
export function useRemoveLibraryEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) => callData(libraryEndpoints.remove, { params: { id: entryId } }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: libraryKey });
      await queryClient.invalidateQueries({ queryKey: blueprintsKey });
    },
  });
}
