import { type PatchOperation, reportEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint-client';
import { reportKeys } from './keys';
import type { LoadedReport } from './use-report';

/**
 * PATCH …/reports/{reportId}: the changed values at `/values/{uuid}` (D1, D15) made on `version`
 * (If-Match: a newer stored version answers 409 staleDocument, D29). The answer replaces the cache.
 */
export function useSaveReport(id: number, reportId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ patch, version }: { patch: PatchOperation[]; version: number | null }) => {
      const answer = await callEndpoint(reportEndpoints.patch, {
        params: { id, reportId },
        body: patch,
        ...(version !== null ? { ifMatch: version } : {}),
      });
      const saved: LoadedReport = { report: answer.data, version: answer.version };
      return saved;
    },
    onSuccess: (saved) => {
      client.setQueryData(reportKeys.one(id, reportId), saved);
      // `modified` moved (D16): the list's changes filter may now include it.
      void client.invalidateQueries({ queryKey: [...reportKeys.all(id), 'list'] });
    },
  });
}
