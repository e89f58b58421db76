import {
  BLUEPRINT_TYPE_PATHS,
  type BlueprintListItem,
  blueprintEndpoints,
  type JsonValue,
  patchFromDocument,
} from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData, callEndpoint } from '../../../lib/endpoint-client';
import { blueprintsKey } from './use-blueprint-list';
import { createBlueprint } from './use-create-blueprint';

export interface CopyBlueprint {
  source: Pick<BlueprintListItem, 'id' | 'type'>;
  name: string;
  description: string;
}

/**
 * Copies a blueprint (spec part 2 §7): creates a blueprint of the same type, then writes the source's
 * content onto its empty content with one patch (each top-level member replaced, core patchFromDocument).
 * When the content cannot be written the half-made copy is deleted again, so nothing half-written stays.
 */
export async function copyBlueprint({ source, name, description }: CopyBlueprint): Promise<number> {
  const type = BLUEPRINT_TYPE_PATHS[source.type];
  const content = await callData(blueprintEndpoints.content, {
    params: { type, id: source.id },
    query: {},
  });
  const created = await createBlueprint({ type: source.type, name, description });
  const patch = patchFromDocument(content as JsonValue);
  if (patch.length === 0) return created.id;
  try {
    await callEndpoint(blueprintEndpoints.patchContent, {
      params: { type, id: created.id },
      body: patch,
      ifMatch: created.version,
    });
  } catch (error) {
    await callEndpoint(blueprintEndpoints.remove, { params: { id: created.id } }).catch(() => undefined);
    throw error;
  }
  return created.id;
}

export function useCopyBlueprint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyBlueprint,
    onSettled: () => queryClient.invalidateQueries({ queryKey: blueprintsKey }),
  });
}
