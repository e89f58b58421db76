import { type Field, type PatchOperation, trajectoryEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint-client';
import { type LoadedForm, trajectoryFormKey } from './use-trajectory-form';

/**
 * PATCH /api/v2/trajectories/{id}/form: the changed values at `/values/{uuid}` (D1, D33), made on
 * `version` (If-Match; a newer stored version answers 409 staleDocument). The answer is the saved form
 * with its new version, which replaces the cached one.
 */
export function useSaveForm(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ patch, version }: { patch: PatchOperation[]; version: number | null }) => {
      const answer = await callEndpoint(trajectoryEndpoints.patchForm, {
        params: { id },
        body: patch,
        ...(version !== null ? { ifMatch: version } : {}),
      });
      const saved: LoadedForm = {
        fields: answer.data.fields as Field[],
        values: answer.data.values,
        writable: answer.data.writable,
        version: answer.version,
      };
      return saved;
    },
    onSuccess: (saved) => queryClient.setQueryData(trajectoryFormKey(id), saved),
  });
}
