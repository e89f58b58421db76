import { BLUEPRINT_TYPE_PATHS, type BlueprintType, blueprintEndpoints, type JsonValue } from '@groeipad/core';
import { useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client';
import { useDocumentEditor } from '../../../lib/use-document-editor';
import { blueprintsKey } from './use-blueprint-list';

/**
 * The editing state of a blueprint's content: loaded with its version (ETag), saved as the accumulated
 * JSON Patch with If-Match (a stale version answers 409), reloaded from the answer. `writable` comes
 * from the blueprint's abilities, never from roles re-derived here.
 */
export function useBlueprintContentEditor<T extends JsonValue>(
  type: BlueprintType,
  id: number,
  writable: boolean,
) {
  const queryClient = useQueryClient();
  const params = { type: BLUEPRINT_TYPE_PATHS[type], id };
  return useDocumentEditor<T>({
    writable,
    load: async () => {
      const result = await callEndpoint(blueprintEndpoints.content, { params, query: {} });
      return { document: result.data as T, version: result.version ?? 0 };
    },
    save: async (patch, version) => {
      const result = await callEndpoint(blueprintEndpoints.patchContent, {
        params,
        body: patch,
        ifMatch: version,
      });
      await queryClient.invalidateQueries({ queryKey: blueprintsKey });
      return { document: result.data as T, version: result.version ?? version + 1 };
    },
  });
}
