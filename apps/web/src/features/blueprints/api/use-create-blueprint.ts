import { blueprintEndpoints, type CreateBlueprint } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error';
import { callEndpoint } from '../../../lib/endpoint-client';
import { blueprintsKey } from './use-blueprint-list';

/** The id a 201 answer names in its Location header (…/api/blueprints/{id}); a missing one is a failure. */
export function idFromLocation(location: string | null): number {
  const id = Number(location?.split('?')[0]?.split('/').filter(Boolean).pop());
  if (!location || !Number.isInteger(id) || id < 0) {
    throw new ApiError(0, 'internalError', [], 'no Location header in the answer');
  }
  return id;
}

/**
 * POST /api/blueprints (spec part 2 §7, D8): with `type` a new empty blueprint, with `id` (a library
 * entry, no type) an import. Answers the new id (from the Location header) and its version.
 */
export async function createBlueprint(body: CreateBlueprint): Promise<{ id: number; version: number }> {
  const result = await callEndpoint(blueprintEndpoints.create, { body });
  return { id: idFromLocation(result.location), version: result.data.version };
}

export function useCreateBlueprint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBlueprint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blueprintsKey }),
  });
}
