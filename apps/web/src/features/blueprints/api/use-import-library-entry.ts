import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blueprintsKey } from './use-blueprint-list';
import { createBlueprint } from './use-create-blueprint';

/**
 * Imports a library entry (POST /api/blueprints {id, name, description}, D8): a new blueprint in the
 * current organisation that names its source. Answers the new id.
 */
export function useImportLibraryEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { entryId: number; name: string; description: string }) =>
      (await createBlueprint({ id: input.entryId, name: input.name, description: input.description })).id,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blueprintsKey }),
  });
}
